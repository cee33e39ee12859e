package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.shared.BuildStop;
import dev.loadlab.shared.ErrorCopy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A crashed Gatling run of this build is one line with its cause; broken assertions and earlier builds' are none. */
class GatlingCrashesTest {
    @TempDir
    Path gatling;

    private void run(String wire, String lastRun, String errors) throws IOException {
        Path dir = Files.createDirectories(gatling.resolve(wire));
        Files.writeString(dir.resolve(GatlingCrashes.LAST_RUN), lastRun);
        if (errors != null) {
            Files.writeString(dir.resolve(ErrorCopy.FILE), errors);
        }
    }

    @Test
    void shouldSayTheRootCauseOfACrashAndLeaveBrokenAssertionsToTheGate() throws IOException {
        run("h2", "checkoutsimulation-20261126\nExecutionError: io.gatling.plugin.util.Fork$ForkException\n", """
                01:34:32.537 [main] ERROR io.gatling.app.Gatling$ - Run crashed
                java.lang.reflect.InvocationTargetException
                \tat java.base/jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)
                Caused by: java.lang.RuntimeException: wrapped
                Caused by: java.lang.IllegalStateException: boom: the simulation cannot start
                """);
        run("http1-tls", "ExecutionError: Gatling simulation assertions failed!\n", null);
        run("http1", "ExecutionError: io.gatling.plugin.util.Fork$ForkException\n", null);

        assertEquals(
                List.of(
                        "loadlab: Gatling crashed on http1: io.gatling.plugin.util.Fork$ForkException (Gatling's output"
                                + " above has the whole trace)",
                        "loadlab: Gatling crashed on h2: java.lang.IllegalStateException: boom: the simulation cannot"
                                + " start (Gatling's output above has the whole trace)"),
                GatlingCrashes.crashes(gatling, FileTime.fromMillis(0)));
    }

    @Test
    void shouldStopTheBuildInTheCrashsOneLineWithoutAJavaStackTrace() throws IOException {
        Path wire = Files.createDirectories(gatling.resolve("target/gatling/h2"));
        Files.writeString(
                wire.resolve(GatlingCrashes.LAST_RUN), "ExecutionError: io.gatling.plugin.util.Fork$ForkException\n");

        BuildStop stop = assertThrows(
                BuildStop.class,
                () -> GatlingCrashes.main(
                        new String[] {gatling.resolve("target").toString()}));

        assertEquals(
                "loadlab: Gatling crashed on h2: io.gatling.plugin.util.Fork$ForkException (Gatling's output above has"
                        + " the whole trace)",
                stop.getMessage());
        assertEquals(0, stop.getStackTrace().length, "exec:java prints a thrown exception's trace under the line");
    }

    @Test
    void shouldLeaveASimulationThatStoppedItselfInOneLineToTheGateAndPassOverEarlierBuildsRuns() throws IOException {
        // the fault drill kills the server while Gatling runs: the next wire's simulation finds no target and stops
        run(
                "h2",
                "ExecutionError: io.gatling.plugin.util.Fork$ForkException\n",
                "loadlab: CalibrationSimulation: -Dtarget.url=https://127.0.0.1:8443 did not answer\n");
        assertEquals(List.of(), GatlingCrashes.crashes(gatling, FileTime.fromMillis(0)));

        run(
                "h2",
                "ExecutionError: io.gatling.plugin.util.Fork$ForkException\n",
                "01:34:32.537 [main] ERROR io.gatling.app.Gatling$ - Run crashed\njava.lang.NoClassDefFoundError: x/Y\n");
        assertEquals(
                List.of(
                        "loadlab: Gatling crashed on h2: java.lang.NoClassDefFoundError: x/Y (Gatling's output above has"
                                + " the whole trace)"),
                GatlingCrashes.crashes(gatling, FileTime.fromMillis(0)));
        assertEquals(
                List.of(), GatlingCrashes.crashes(gatling, FileTime.fromMillis(System.currentTimeMillis() + 60_000)));
    }
}
