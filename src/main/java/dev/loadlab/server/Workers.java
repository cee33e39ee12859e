package dev.loadlab.server;

import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Request;

/**
 * A route of limited capacity, so that a stress run finds a knee on the reference server as the API-gateway study's
 * did on its gateway: each request holds one of {@code workers} for {@code serviceMs} (held without a thread, like
 * {@link Holds}), up to {@code queue} more wait for a worker in arrival order, and one more is refused at once.
 * The capacity is {@code workers x 1000 / serviceMs} requests/s. A closed loop of at most {@code workers + queue}
 * users is never refused; an arrival rate above the capacity fills the queue, and the rest is shed.
 */
final class Workers {
    private record Waiting(Request request, Runnable answer) {}

    private final int workers;
    private final int queue;
    private final int serviceMs;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private int busy;

    /** {@code workers} 0: no limit, every request is answered at once. */
    Workers(int workers, int queue, int serviceMs) {
        this.workers = workers;
        this.queue = queue;
        this.serviceMs = serviceMs;
    }

    /** Answers the request when a worker has served it; throws a 503 when no worker and no place in the queue is free. */
    void serve(Request request, Runnable answer) {
        if (workers == 0) {
            answer.run();
            return;
        }
        synchronized (this) {
            if (busy == workers) {
                if (waiting.size() == queue) {
                    throw HttpFailure.busy("all " + workers + " workers busy and " + queue
                            + " requests waiting (server.usersWorkers, server.usersQueue)");
                }
                waiting.add(new Waiting(request, answer));
                return;
            }
            busy++;
        }
        work(request, answer);
    }

    /**
     * The service time counts from the moment a worker took the request; the answer is written on the pool. The
     * worker is free before the answer is written: a client that sends its next request as soon as it has the answer
     * must find its place, not the worker still held.
     */
    private void work(Request request, Runnable answer) {
        Holds.runAfter(request, TimeUnit.MILLISECONDS.toNanos(serviceMs), () -> {
            next();
            answer.run();
        });
    }

    /** The worker takes the oldest waiting request, or goes idle. */
    private void next() {
        Waiting taken;
        synchronized (this) {
            taken = waiting.poll();
            if (taken == null) {
                busy--;
                return;
            }
        }
        work(taken.request(), taken.answer());
    }
}
