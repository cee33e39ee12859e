package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerEndTest {
    /**
     * A process that ended and that no one has reaped yet, as a server is until PID 1 reaps it: the shell starts
     * {@code true}, then becomes {@code sleep}, which never waits for it. The JDK calls the zombie alive; the stop does not.
     */
    @Test
    void shouldCountAZombieAsEndedWhichTheJdkCallsAlive() throws Exception {
        Process parent = new ProcessBuilder("sh", "-c", "true & exec sleep 30").start();
        try {
            Optional<ProcessHandle> zombie = Optional.empty();
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (zombie.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                zombie = parent.toHandle()
                        .children()
                        .filter(ServerProcess::ended)
                        .findFirst();
            }
            assertTrue(zombie.isPresent(), "the ended child of sleep was not seen as ended");
            assertTrue(zombie.get().isAlive(), "the JDK no longer calls a zombie alive: the /proc check may go");
            assertFalse(ServerProcess.ended(parent.toHandle()), "a running process counted as ended");
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }
}
