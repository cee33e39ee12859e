package dev.loadlab.shared;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A Java agent that ends the JVM it runs in, and every process that JVM started, when the build that started it ends,
 * however it ends ({@code kill -9} of Maven, a CI runner cancelling its job, a crash): a load generator whose build is
 * gone sends load that nobody watches. pom.xml gives it to every JVM the build forks (Gatling's, JMeter's, each step
 * of its own) as {@code -javaagent:target/loadlab/stop-with-build.jar}; those are children of Maven's JVM, so the
 * build is this JVM's parent unless the agent's argument names another process id.
 *
 * <p>In a load generator's JVM ({@code -Dloadlab.measureStalls=true}) it also starts the {@link StallMeter}, writing to
 * {@code stalls/<pid>.tsv} beside its jar: how late its machine lets it wake.
 *
 * <p>It stands alone in its jar with the meter (dev.loadlab.steps.AgentJar): an agent's jar joins the system class
 * path, where the project's other classes must not be (JMeter loads its own and lib/ext in a loader of its own). So
 * both use the JDK only.
 */
public final class StopWithBuild {
    /** How often the build is looked for: the load stops within about this long of the build's end. */
    static final long POLL_MS = 500;
    /** The exit status of a JVM stopped this way: as after SIGTERM. */
    static final int STATUS = 143;
    /**
     * Given to the load generators' JVMs (Gatling's, JMeter's; the pom): the agent measures their stalls too. The
     * build's other JVMs do without: a meter costs about 2 % of a core.
     */
    public static final String MEASURE_STALLS = "loadlab.measureStalls";
    /** The folder beside the agent's jar where each JVM's stalls go. */
    public static final String STALLS = "stalls";
    /** The agent's jar as the build writes it (dev.loadlab.steps.Prepare). */
    public static final String JAR_NAME = "stop-with-build.jar";

    private static final String AGENT_OPTION = "-javaagent:";

    private StopWithBuild() {}

    public static void premain(String args) {
        long pid = args == null || args.isBlank()
                ? ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L)
                : Long.parseLong(args.strip());
        // a process handle remembers its process's start, so a pid the system hands on to another never passes for it
        ProcessHandle.of(pid).ifPresent(StopWithBuild::watch);
        if (Boolean.getBoolean(MEASURE_STALLS)) {
            measureStalls();
        }
    }

    /**
     * The stall meter, to {@code stalls/<pid>.tsv} beside the agent's jar as the command line names it (this class may
     * also be on the class path, in the project's classes, so where it was loaded from says nothing), headed by what
     * this JVM runs.
     */
    static void measureStalls() {
        Optional<Path> jar = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith(AGENT_OPTION) && a.contains(JAR_NAME))
                .map(a -> Path.of(a.substring(AGENT_OPTION.length()).split("=", 2)[0]))
                .findFirst();
        jar.ifPresent(j -> StallMeter.start(
                j.toAbsolutePath()
                        .resolveSibling(STALLS)
                        .resolve(ProcessHandle.current().pid() + ".tsv"),
                System.getProperty("sun.java.command", "?") + " in " + System.getProperty("user.dir")));
    }

    static void watch(ProcessHandle build) {
        Thread watcher = new Thread(
                () -> {
                    while (build.isAlive()) {
                        try {
                            TimeUnit.MILLISECONDS.sleep(POLL_MS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    System.err.println("loadlab: the build (process " + build.pid() + ") ended; stopping process "
                            + ProcessHandle.current().pid() + " and what it started");
                    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                    // halt, not exit: no shutdown hook may go on sending, or wait on a target, for a build that is gone
                    Runtime.getRuntime().halt(STATUS);
                },
                "loadlab-stop-with-build");
        watcher.setDaemon(true);
        watcher.start();
    }
}
