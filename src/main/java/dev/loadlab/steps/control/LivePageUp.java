package dev.loadlab.steps.control;

import dev.loadlab.live.LivePage;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The live page ({@link LivePage}) of a build that loads: forked by {@code up} before anything is loaded, in a small
 * JVM of its own that ends with the build's Maven JVM, and waited for once the target is up. The runs' figures of an
 * earlier build are cleared first. Its URL is printed; a port that is taken stops the build there, in one line.
 */
final class LivePageUp {
    static final String LOG = "live-page.log";
    private static final long WAIT_SECONDS = 20;

    private LivePageUp() {}

    /** A page on its way up, started while the target is; null process: the page is off. */
    record Starting(Process page, Path log) {
        /** Waits for it to listen and prints its URL; false, said in one line, when it could not. */
        boolean ready() throws IOException, InterruptedException {
            if (page == null) {
                return true;
            }
            Optional<String> url = ReadyLine.await(
                    page,
                    log,
                    l -> l.startsWith(LivePage.READY)
                            ? Optional.of(l.substring(LivePage.READY.length()))
                            : Optional.empty(),
                    System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS));
            if (url.isPresent()) {
                System.out.println("loadlab: the live page of this build: " + url.get()
                        + " (its figures at /metrics for Prometheus; -Dlive=false: none)");
                return true;
            }
            if (page.isAlive()) {
                page.destroyForcibly().waitFor();
                System.err.println("loadlab: the live page did not start within " + WAIT_SECONDS + " s (" + log + ")");
            } else {
                System.err.println(ReadyLine.lastLine(log, "loadlab: the live page did not start (" + log + ")"));
            }
            return false;
        }
    }

    /** Forks the page and returns at once (its JVM starts while the target does); the figures of earlier builds go. */
    static Starting launch(Settings settings, BuildFiles files, long watchPid) throws IOException {
        Path loadlabDir = files.settingsFile().getParent();
        Trees.delete(loadlabDir.resolve("live")); // the runs' figures of an earlier build
        Path log = loadlabDir.resolve(LOG);
        if (!settings.bool(ReportKnobs.LIVE)) {
            return new Starting(null, log);
        }
        ProcessBuilder builder = new ProcessBuilder(List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        // a page and a few files a second: the JIT's first tier, a small heap, one GC thread
                        "-XX:TieredStopAtLevel=1",
                        "-XX:+UseSerialGC",
                        "-Xmx64m",
                        "-Djava.awt.headless=true",
                        LivePage.class.getName(),
                        loadlabDir.toString(),
                        settings.get(ReportKnobs.LIVE_PORT),
                        Long.toString(watchPid)))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        Process page = builder.start();
        Files.writeString(loadlabDir.resolve(LivePage.PID_FILE), Long.toString(page.pid())); // the gate ends it
        return new Starting(page, log);
    }
}
