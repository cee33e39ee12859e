package dev.loadlab.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The test's own stall meter (as dev.loadlab.shared.StallMeter, without a file): while open, a thread sleeps 1 ms
 * again and again and keeps the longest it woke late. A test that bounds a time from above allows this much on top,
 * so a busy machine cannot fail it; a bug that adds its own time still does.
 */
final class StallWatch implements AutoCloseable {
    private final AtomicLong maxLateNanos = new AtomicLong();
    private final Thread thread;

    StallWatch() {
        thread = new Thread(
                () -> {
                    while (!Thread.currentThread().isInterrupted()) {
                        long before = System.nanoTime();
                        try {
                            Thread.sleep(1);
                        } catch (InterruptedException e) {
                            return;
                        }
                        long late = System.nanoTime() - before - TimeUnit.MILLISECONDS.toNanos(1);
                        maxLateNanos.accumulateAndGet(late, Math::max);
                    }
                },
                "test-stall-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** The longest stall seen so far, in whole ms rounded up. */
    long maxMs() {
        return (maxLateNanos.get() + 999_999) / 1_000_000;
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
