package dev.loadlab.server;

/**
 * The most recent answers' times as the server saw them (from the request's arrival to its answer written), kept for
 * a poller to fetch as CSV ({@code endEpochMs,ms}): the gateway study's subgraph P95 where no Server-Timing carries it.
 * A ring: past {@link #CAPACITY} answers the oldest go, which a study's run (minutes at most) never reaches.
 */
final class AnswerTimes {
    /** Where a reference server (and scripts/apollo-gateway.mjs) serves them; not counted as a request. */
    static final String PATH = "/loadlab/answers";

    static final int CAPACITY = 1 << 18;
    private final long[] endEpochMs = new long[CAPACITY];
    private final long[] micros = new long[CAPACITY];
    private long added;

    synchronized void add(long endedEpochMs, long tookNanos) {
        int slot = (int) (added++ % CAPACITY);
        endEpochMs[slot] = endedEpochMs;
        micros[slot] = tookNanos / 1_000;
    }

    /** Every kept answer, oldest first, with its time in ms to the microsecond. */
    synchronized String csv() {
        StringBuilder out = new StringBuilder("endEpochMs,ms\n");
        for (long i = Math.max(0, added - CAPACITY); i < added; i++) {
            int slot = (int) (i % CAPACITY);
            out.append(endEpochMs[slot]).append(',').append(micros[slot] / 1000).append('.');
            out.append(String.format("%03d", micros[slot] % 1000)).append('\n');
        }
        return out.toString();
    }
}
