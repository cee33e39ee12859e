package dev.loadlab.shared;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The gateway study's search for the highest sustainable arrival rate, as a pure function of the steps run so far.
 * The Gatling simulation asks it for the next rate between steps; the report and the tests read the same answers.
 *
 * <p>First the doubling steps (start, 2 x start, ... the top rate) in order, until one is not sustained. Then a
 * bisection between the last sustained rate ("good") and the first that was not ("bad"): the midpoint is run, and
 * replaces good or bad by its verdict, until bad - good is at most the resolution. The answer is the last good rate.
 * With the study's own outcomes at 100 ms (64 sustained, 128 not) and a resolution of 2 it runs 96, 80, 72, 76, 78
 * and answers 78, as the study did by hand. When every doubling step is sustained there is nothing to search: the
 * answer is "at least the top rate". When the first step already breaks, there is none.
 */
public final class CapacitySearch {
    private CapacitySearch() {}

    /**
     * When a step counts as sustained; the one definition, used live by the simulation and shown by the report.
     *
     * @param maxErrorPct      at most this share of the step's requests failed
     * @param minAchievedPct   its answers came at least at this share of the offered rate (see {@link #achievedRps})
     * @param maxP95OverheadMs its client P95 is at most the upstream latency plus this; 0: no P95 condition
     */
    public record Criteria(double maxErrorPct, double minAchievedPct, long maxP95OverheadMs) {
        public boolean sustained(Outcome o, int latencyMs) {
            if (o.requests() == 0) {
                return false; // nothing answered at all is not a sustained step
            }
            if (o.errorPct() > maxErrorPct) {
                return false;
            }
            if (o.achievedRps() != null && o.achievedRps() < o.offeredRps() * minAchievedPct / 100.0) {
                return false;
            }
            return maxP95OverheadMs == 0 || o.clientP95Ms() == null || o.clientP95Ms() <= latencyMs + maxP95OverheadMs;
        }

        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "errors <= %s %%, answers at >= %s %% of the offered rate%s",
                    plain(maxErrorPct),
                    plain(minAchievedPct),
                    maxP95OverheadMs == 0 ? "" : ", client P95 <= upstream latency + " + maxP95OverheadMs + " ms");
        }
    }

    /**
     * What one step gave.
     *
     * @param offeredRps  the arrival rate the step was run at
     * @param requests    requests sent (answered or failed)
     * @param errorPct    failed share of them
     * @param achievedRps the rate its successful answers came back at; null with fewer than two
     * @param clientP95Ms client-side P95; null when unknown
     */
    public record Outcome(int offeredRps, long requests, double errorPct, Double achievedRps, Long clientP95Ms) {}

    /** A step that was run: its rate and verdict. */
    public record Tried(int rps, boolean sustained) {}

    public enum Phase {
        DOUBLING,
        SEARCH
    }

    /**
     * The search's answer.
     *
     * @param maxSustainableRps the highest sustained rate found; null when the first step already broke
     * @param firstBrokenRps    the lowest rate found not sustained; null when every doubling step was sustained
     * @param finished          no step is left to run
     */
    public record Verdict(Integer maxSustainableRps, Integer firstBrokenRps, boolean finished) {}

    /**
     * The rate of the next step, or empty when the search is over.
     *
     * @param doubling   the doubling rates, ascending (e.g. 1, 2, 4 ... 128)
     * @param resolution the search stops when the interval between good and bad is at most this (requests/s)
     * @param tried      the steps run so far, in order; each must be the rate this function asked for
     */
    public static OptionalInt next(List<Integer> doubling, int resolution, List<Tried> tried) {
        return replay(doubling, resolution, tried).next;
    }

    public static Verdict verdict(List<Integer> doubling, int resolution, List<Tried> tried) {
        Replay r = replay(doubling, resolution, tried);
        return new Verdict(r.good, r.bad, r.next.isEmpty());
    }

    /** The phase of each step in {@code tried}, in order. */
    public static List<Phase> phases(List<Integer> doubling, int resolution, List<Tried> tried) {
        return replay(doubling, resolution, tried).phases;
    }

    /**
     * The most steps a search over these rates can take: every doubling step, then the bisection of the widest gap
     * between two neighbours. The simulation prepares this many slots; the ones a finished search leaves are skipped.
     */
    public static int maxSteps(List<Integer> doubling, int resolution) {
        int widest = 0;
        for (int i = 1; i < doubling.size(); i++) {
            widest = Math.max(widest, bisections(doubling.get(i) - doubling.get(i - 1), resolution));
        }
        return doubling.size() + widest;
    }

    /**
     * The rate at which answers came back: answers minus one over the time from the first answer to the last
     * (epoch ms). Independent of the latency: a target that keeps up answers at the rate it was asked; one that
     * queues answers at its own capacity, however fast the requests arrive. Null with fewer than two answers.
     */
    public static Double achievedRps(List<Long> answerEndsMs) {
        if (answerEndsMs.size() < 2) {
            return null;
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (long t : answerEndsMs) {
            first = Math.min(first, t);
            last = Math.max(last, t);
        }
        // answers within the same millisecond: as fast as can be told, never a division by zero
        return (answerEndsMs.size() - 1) * 1000.0 / Math.max(1, last - first);
    }

    private static int bisections(int gap, int resolution) {
        int steps = 0;
        while (gap > resolution) {
            gap = gap - gap / 2; // the wider half of an integer midpoint
            steps++;
        }
        return steps;
    }

    private record Replay(OptionalInt next, Integer good, Integer bad, List<Phase> phases) {}

    private static Replay replay(List<Integer> doubling, int resolution, List<Tried> tried) {
        if (doubling.isEmpty() || resolution < 1) {
            throw new IllegalArgumentException("doubling rates and a resolution >= 1 are needed");
        }
        List<Phase> phases = new ArrayList<>();
        Integer good = null;
        Integer bad = null;
        int i = 0;
        for (int rate : doubling) {
            if (i == tried.size()) {
                return new Replay(OptionalInt.of(rate), good, bad, phases);
            }
            Tried t = expect(tried.get(i++), rate);
            phases.add(Phase.DOUBLING);
            if (!t.sustained()) {
                bad = rate;
                break;
            }
            good = rate;
        }
        while (good != null && bad != null && bad - good > resolution) {
            int mid = good + (bad - good) / 2;
            if (i == tried.size()) {
                return new Replay(OptionalInt.of(mid), good, bad, phases);
            }
            Tried t = expect(tried.get(i++), mid);
            phases.add(Phase.SEARCH);
            if (t.sustained()) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        if (i != tried.size()) {
            throw new IllegalArgumentException("more steps than the search asked for: " + tried);
        }
        return new Replay(OptionalInt.empty(), good, bad, phases);
    }

    private static Tried expect(Tried t, int rate) {
        if (t.rps() != rate) {
            throw new IllegalArgumentException("step at " + t.rps() + " requests/s where the search asked " + rate);
        }
        return t;
    }

    private static String plain(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
