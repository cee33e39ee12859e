package dev.loadlab.steps.control;

import dev.loadlab.server.FaultSettings;
import dev.loadlab.server.ReferenceServer;
import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.EmbeddedH2;
import dev.loadlab.shared.ProcessEnd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reference server as a process of its own, recorded in one directory: {@code server.log},
 * {@code server.pid}, and whatever the server writes there (its certificate). Only {@link ServerControl} and
 * {@link Companions} use it.
 */
final class ServerProcess {
    static final String PID_FILE = "server.pid";
    static final String LOG_FILE = "server.log";
    /** The server's certificate (public part only), written at each start. */
    static final String CERT_PEM = "cert.pem";

    private static final long STOP_GRACE_SECONDS = 15;
    private static final int LOG_TAIL_LINES = 15;
    /** The line ReferenceServer.main prints once its ports listen; it holds the real ports (it was started on 0). */
    private static final Pattern READY =
            Pattern.compile("^loadlab reference server ready: http=(\\S+) tls=(\\S+) admin=(\\S+)");

    /** Where a started server answers: its load ports, and its admin port (127.0.0.1 only). */
    record Urls(String http, String tls, String admin) {}

    private ServerProcess() {}

    /**
     * A forked server's system properties (the target's, the gateway upstream's or a cold target's, each in its own
     * {@code dir}): the build's settings file and every server knob given here, then what {@code up} decides itself.
     * Free ports (port 0) make a stale server on a reserved port impossible. The faults start off, whatever the
     * settings file says: {@code up} sets them once the contract check passed.
     */
    static Map<String, String> properties(Settings settings, BuildFiles files, Path dir, long watchPid) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("java.util.prefs.userRoot", dir.resolve("prefs").toString());
        if (Files.isRegularFile(files.settingsFile())) {
            p.put(Settings.FILE_PROPERTY, files.settingsFile().toString());
        }
        for (Setting s : Catalogue.ALL) {
            if (s.part() == Setting.Part.SERVER && !s.secret() && settings.isGiven(s)) {
                p.put(s.name(), settings.get(s)); // the DB password is no property: the fork inherits the environment
            }
        }
        p.putAll(FaultSettings.OFF.asProperties());
        p.put(ServerKnobs.HTTP_PORT.name(), "0");
        p.put(ServerKnobs.TLS_PORT.name(), "0");
        p.put(ServerKnobs.ADMIN_PORT.name(), "0");
        p.put(ServerKnobs.BIND_HOST.name(), "127.0.0.1"); // the URLs handed on name 127.0.0.1
        p.put(ServerKnobs.CERT_PEM.name(), dir.resolve(CERT_PEM).toString());
        p.put(ServerKnobs.EXIT_WITH_PID.name(), Long.toString(watchPid));
        return p;
    }

    /**
     * Forks the server with these system properties and waits until it is ready and answers /health within
     * {@code waitSeconds}; on failure it is killed, its log tail printed, and nothing is returned.
     */
    static Optional<Urls> start(Path dir, Map<String, String> properties, int waitSeconds)
            throws IOException, InterruptedException {
        return launch(dir, properties, waitSeconds).ready();
    }

    /**
     * Forks the server and returns at once, so that several start side by side (each JVM's start-up is seconds of
     * mostly one core); {@link Launch#ready} then waits for it as {@link #start} does.
     */
    static Launch launch(Path dir, Map<String, String> properties, int waitSeconds)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path pidFile = dir.resolve(PID_FILE);
        if (running(pidFile).isPresent()) {
            System.err.println(
                    "loadlab: a reference server from an earlier build still runs (" + pidFile + "); stopping it");
            stop(dir);
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(EmbeddedH2.LOOPBACK_OPTION); // before any class loads, whatever touches H2 first
        String heapMb = properties.getOrDefault(ServerKnobs.MAX_HEAP_MB.name(), "0");
        if (!heapMb.equals("0")) {
            command.add("-Xmx" + heapMb + "m");
        }
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.add(ReferenceServer.class.getName());
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(LOG_FILE).toFile());
        // The class path goes in CLASSPATH, not -cp: the JDK reads at most 4096 bytes of a command line
        // (ProcessHandle.Info), and running() finds the server by the class name that follows the class path.
        builder.environment().put("CLASSPATH", System.getProperty("java.class.path"));
        Process server = builder.start();
        Files.writeString(pidFile, Long.toString(server.pid()));
        return new Launch(dir, server, waitSeconds, System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds));
    }

    /** A forked server on its way up, with the moment by which it must answer. */
    record Launch(Path dir, Process server, int waitSeconds, long deadlineNanos) {
        /** Waits until it is ready and answers /health; on failure it is killed, its log tail printed. */
        Optional<Urls> ready() throws IOException, InterruptedException {
            Path log = dir.resolve(LOG_FILE);
            Optional<Urls> urls = ReadyLine.await(server, log, ServerProcess::urls, deadlineNanos);
            long leftSeconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(deadlineNanos - System.nanoTime()));
            if (urls.isEmpty() || !TargetProbe.answers(urls.get().http() + "/health", (int) leftSeconds)) {
                fail(
                        dir,
                        server.isAlive()
                                ? "did not become ready within " + waitSeconds + " s (target.waitSeconds)"
                                : "exited with status " + server.exitValue() + " before it was ready");
                return Optional.empty();
            }
            System.out.println("loadlab: " + dir.getFileName() + " ready: http="
                    + urls.get().http() + " tls=" + urls.get().tls() + " admin="
                    + urls.get().admin() + " pid=" + server.pid() + " (log " + log + ")");
            return urls;
        }
    }

    /** Kills the server of {@code dir} at once and shows why it failed: the end of its log. */
    static void fail(Path dir, String why) throws IOException, InterruptedException {
        Path pidFile = dir.resolve(PID_FILE);
        Optional<ProcessHandle> server = running(pidFile);
        if (server.isPresent()) {
            server.get().destroyForcibly();
            exited(server.get());
        }
        Files.deleteIfExists(pidFile);
        Path log = dir.resolve(LOG_FILE);
        System.err.println("loadlab: the " + dir.getFileName() + " " + why + "; its log " + log + " ends with:");
        List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size())
                .forEach(l -> System.err.println("  " + l));
    }

    /** Stops the server recorded in {@code dir} (SIGTERM, then a kill after a grace period); none is fine. */
    static void stop(Path dir) throws IOException, InterruptedException {
        stop(List.of(dir));
    }

    /** Stops the servers recorded in {@code dirs} together: each is asked at once, then each is waited for. */
    static void stop(List<Path> dirs) throws IOException, InterruptedException {
        Map<Path, ProcessHandle> stopping = new LinkedHashMap<>();
        for (Path dir : dirs) {
            Path pidFile = dir.resolve(PID_FILE);
            Optional<ProcessHandle> server = running(pidFile);
            Files.deleteIfExists(pidFile);
            if (server.isEmpty()) {
                System.out.println("loadlab: no " + dir.getFileName() + " running");
                continue;
            }
            server.get().destroy(); // SIGTERM: the server's shutdown hook closes connections and the database
            stopping.put(dir, server.get());
        }
        for (Map.Entry<Path, ProcessHandle> s : stopping.entrySet()) {
            ProcessHandle handle = s.getValue();
            if (!exited(handle)) {
                handle.destroyForcibly();
                exited(handle);
            }
            System.out.println("loadlab: " + s.getKey().getFileName() + " pid " + handle.pid() + " stopped");
        }
    }

    /** The pid file's process, only if it is still our server (a pid can be reused by anything). */
    static Optional<ProcessHandle> running(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) {
            return Optional.empty();
        }
        long pid = Long.parseLong(Files.readString(pidFile).trim());
        return ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info()
                        .commandLine()
                        .map(c -> c.contains(ReferenceServer.class.getName()))
                        .orElse(false));
    }

    /** The server's URLs, from its ready line. */
    private static Optional<Urls> urls(String line) {
        Matcher m = READY.matcher(line);
        return m.find() ? Optional.of(new Urls(m.group(1), m.group(2), m.group(3))) : Optional.empty();
    }

    private static boolean exited(ProcessHandle process) throws InterruptedException {
        return ProcessEnd.await(process, STOP_GRACE_SECONDS);
    }

    /** Whether it has ended, a zombie not yet reaped included ({@link ProcessEnd}). */
    static boolean ended(ProcessHandle process) {
        return ProcessEnd.ended(process);
    }
}
