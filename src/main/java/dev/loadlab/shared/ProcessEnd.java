package dev.loadlab.shared;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Whether a process the build forked has ended. Such a process outlives the step that started it, so its parent is
 * whoever adopts orphans (PID 1 here), which may reap it a second or two later; until then the JDK counts the zombie
 * alive. On Linux its state says.
 */
public final class ProcessEnd {
    private ProcessEnd() {}

    public static boolean ended(ProcessHandle process) {
        if (!process.isAlive()) {
            return true; // the common case, without reading /proc
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) == 'Z';
        } catch (IOException | RuntimeException e) {
            return !process.isAlive(); // gone (reaped) in between, or no /proc
        }
    }

    /** Waits up to {@code seconds} for it to end; whether it did. */
    public static boolean await(ProcessHandle process, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!ended(process) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        return ended(process);
    }
}
