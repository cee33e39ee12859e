package dev.loadlab.server;

import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Request;

/**
 * Answers held for a known time without holding a thread. The time counts from the moment the connector read the
 * request ({@link Request#getBeginNanoTime()}), not from when the handler ran: a request that waited for a busy
 * selector or thread would otherwise be held that long on top, and a 100 ms route would answer in 100 ms plus
 * whatever the server was doing. When the time is up the answer is written on the server's thread pool, not on the
 * scheduler's one thread.
 */
final class Holds {
    private Holds() {}

    /** Runs {@code answer} once {@code latencyMs} have passed since the request arrived (at once for 0 or later). */
    static void answerAfter(Request request, int latencyMs, Runnable answer) {
        long leftNanos = TimeUnit.MILLISECONDS.toNanos(latencyMs) - (System.nanoTime() - request.getBeginNanoTime());
        if (latencyMs == 0 || leftNanos <= 0) {
            answer.run();
        } else {
            runAfter(request, leftNanos, answer);
        }
    }

    /** Runs {@code task} on the server's thread pool {@code nanos} from now, holding no thread meanwhile. */
    static void runAfter(Request request, long nanos, Runnable task) {
        // The scheduler has one thread: writing the answer there (a TLS record, an HTTP/2 frame, 100 KB of payload)
        // would make every answer due at the same moment wait for the writes before it. It only hands over.
        Executor pool = request.getComponents().getExecutor();
        request.getComponents().getScheduler().schedule(() -> pool.execute(task), nanos, TimeUnit.NANOSECONDS);
    }
}
