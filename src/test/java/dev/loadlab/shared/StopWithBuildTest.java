package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.steps.AgentJar;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM with the agent, standing for a load generator the build forked (here with a child of its own, as OutsideTools
 * runs ab): while its build lives it runs on; when the build is killed, it and its child are gone within seconds.
 */
class StopWithBuildTest {
    /** The load generator: starts a child that would outlive it, names the child's pid, then waits forever. */
    public static final class Generator {
        public static void main(String[] args) throws Exception {
            Process child = new ProcessBuilder("sleep", "600").start();
            System.out.println(child.pid());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }

    @Test
    void shouldEndTheJvmAndWhatItStartedWithinSecondsOfTheBuildsDeathAndNotBefore(@TempDir Path dir) throws Exception {
        Path jar = dir.resolve(StopWithBuild.JAR_NAME);
        AgentJar.write(jar, StopWithBuild.class, StallMeter.class);
        Process build = new ProcessBuilder("sleep", "600").start();
        Process generator = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-javaagent:" + jar + "=" + build.pid(),
                        "-D" + StopWithBuild.MEASURE_STALLS + "=true",
                        "-cp",
                        System.getProperty("java.class.path"),
                        Generator.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            long childPid;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(generator.getInputStream(), StandardCharsets.UTF_8))) {
                childPid = Long.parseLong(out.readLine().strip());
            }
            ProcessHandle child = ProcessHandle.of(childPid).orElseThrow();
            assertFalse(generator.waitFor(1500, TimeUnit.MILLISECONDS), "runs on while its build lives");
            Path stalls = dir.resolve(StopWithBuild.STALLS).resolve(generator.pid() + ".tsv");
            assertTrue(
                    Files.readString(stalls).startsWith("# " + Generator.class.getName() + " in "),
                    "the agent measures the JVM's stalls beside its jar, headed by what it runs");

            build.destroyForcibly(); // kill -9 of the build
            long killed = System.nanoTime();

            assertTrue(generator.waitFor(5, TimeUnit.SECONDS), "the generator still runs 5 s after its build died");
            double seconds = (System.nanoTime() - killed) / 1e9;
            assertEquals(StopWithBuild.STATUS, generator.exitValue());
            assertTrue(child.onExit().get(5, TimeUnit.SECONDS) != null && !child.isAlive(), "its child ended too");
            System.out.printf("generator ended %.2f s after its build%n", seconds);
        } finally {
            generator.destroyForcibly();
            build.destroyForcibly();
        }
    }
}
