package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.model.Spread;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The gateway study's figures in summary.json: each step of the search in run order, and per latency where the search
 * ended, with the study's columns (client, gateway and upstream P95, the time spent in the gateway, each process's CPU
 * in millicores and memory in MB) and what the study concluded from them (no degradation up to a rate, the system's
 * most use against its request and limit).
 */
public final class Gateway {
    private Gateway() {}

    /**
     * What summary.json keeps under the study's name: every step, per wire and upstream latency, per latency and repeat
     * its knee, and per latency the knees' median, minimum and maximum over the repeats.
     *
     * @param gatewaySteps named so since summary.json's first schema, as gatewayKnees
     * @param kneeRanges   null in a summary from before repeats ({@link KneeFigures#ranges} makes them from the knees)
     */
    public record Figures(List<Step> gatewaySteps, List<Knee> gatewayKnees, List<KneeRange> kneeRanges) {
        /** A run's figures, its knees' ranges made from its knees. */
        public Figures(List<Step> gatewaySteps, List<Knee> gatewayKnees) {
            this(gatewaySteps, gatewayKnees, KneeFigures.ranges(gatewayKnees));
        }
    }

    /**
     * One step of the gateway search, in run order: its phase (doubling or search; null for a run without
     * gateway-steps.csv), the client's, the gateway's own and the upstream's P95, and the simulation's verdict.
     * {@code timeInGatewayMs} is the study's "time spent in the supergraph": gateway P95 minus upstream P95;
     * {@code queueP95Ms} the gateway's wait for an upstream connection. {@code gateway} and {@code upstream} are
     * each process's own use (null where it was not polled: a target without /metrics, or an upstream in the
     * gateway's own process); {@code openConnections} the most TCP connections open on the gateway's load ports during
     * the step (the clients' and the metrics poller's one): over h2, how many connections the client's streams took;
     * {@code brokenBy}, for a step that was not sustained, the part of the request's time
     * that grew most, or the errors that broke it. serverCpuPct and serverHeapMb are the gateway process's CPU as a
     * share of all cores and its heap, as summaries before schema 4 had them. {@code repeat} is the search's (1 to
     * -Drepeats); a summary from before repeats has none: its steps are the first repeat's.
     */
    public record Step(
            String protocol,
            int latencyMs,
            int stepRps,
            String phase,
            long requests,
            double errorPct,
            Double achievedRps,
            long clientP95Ms,
            Long gatewayP95Ms,
            Long upstreamP95Ms,
            Double serverCpuPct,
            Double serverHeapMb,
            Boolean sustained,
            Long timeInGatewayMs,
            Long queueP95Ms,
            ProcessUse gateway,
            ProcessUse upstream,
            Long openConnections,
            String brokenBy,
            int repeat) {
        public Step {
            repeat = Math.max(1, repeat);
        }
    }

    /** One process over one step: CPU-seconds per second x 1000 (millicores), and its most resident memory in MB. */
    public record ProcessUse(Double cpuMillicores, Double memoryMb) {}

    /**
     * Where the search ended: the highest rate sustained and the lowest broken above it, by the simulation's criteria;
     * the highest rate up to which every step kept its client P95 within {@code degradationMarginMs} of the upstream
     * latency; the gateway's most use against the request and limit the study's pod had; and which of the study's
     * columns the target could not give, and why ({@code notGiven}: null in a summary from before it).
     */
    public record Knee(
            String protocol,
            int latencyMs,
            Integer maxSustainableRps,
            Integer firstBrokenRps,
            String criteria,
            Integer noDegradationUpToRps,
            Integer degradationMarginMs,
            Headroom headroom,
            NotGiven notGiven,
            int repeat) {
        public Knee {
            repeat = Math.max(1, repeat);
        }
    }

    /**
     * A latency's knees over the repeats of its search (-Drepeats): how many there were, and their maximum sustainable
     * rates' spread (null where no repeat sustained a step). compare.html compares the median.
     */
    public record KneeRange(String protocol, int latencyMs, int repeats, Spread maxSustainableRps) {
        /** The median, null where no repeat sustained a step; so the least and the most. */
        public Double medianRps() {
            return maxSustainableRps == null ? null : maxSustainableRps.median();
        }

        public Double leastRps() {
            return maxSustainableRps == null ? null : maxSustainableRps.least();
        }

        public Double mostRps() {
            return maxSustainableRps == null ? null : maxSustainableRps.most();
        }
    }

    /**
     * Why a column is empty in every step of a run: what the target did not give, as the table says it in the
     * column's cells ("n/a: ..."); null where it gave it (a single empty cell is then that step's: e.g. every request
     * failed) or where the run's file is missing (the report's missing results say so). A gateway that is not
     * loadlab's reference server sends no {@code Server-Timing} of its {@code gateway}, {@code upstream} and
     * {@code queue}, and has no /metrics of loadlab's: its client P95 and verdicts are all the study's table has.
     */
    public record NotGiven(
            String gatewayTiming, String upstreamTiming, String queueTiming, String gatewayUse, String upstreamUse) {
        public static final NotGiven NOTHING = new NotGiven(null, null, null, null, null);

        /** The study's "time spent in the supergraph" needs both the gateway's time and the upstream's. */
        public String timeInGateway() {
            return gatewayTiming != null ? gatewayTiming : upstreamTiming;
        }

        static final String NO_SERVER_TIMING = "n/a: the target sent no Server-Timing";
        static final String NO_METRICS = "n/a: the target has no loadlab /metrics";
        static final String NO_UPSTREAM = "n/a: no upstream of its own in the target's /metrics";

        /**
         * Which columns a run's target could not give, and why, from what its side files hold: a Server-Timing metric
         * no answer carried, or a /metrics that answered nothing. A missing file says nothing about the target (the
         * report's missing results name it), so its columns get no reason.
         *
         * @param timings        upstream-timing.csv's steps (none: no file, or no rows)
         * @param selfTimed      whether the gateway's and upstream's times came from their own logs (no Server-Timing)
         * @param metricsWritten whether server-metrics.csv was written (the simulation writes it, empty for no /metrics)
         */
        static NotGiven of(
                Collection<GatewayStepFiles.Timings> timings,
                boolean selfTimed,
                boolean metricsWritten,
                ServerSamples gateway,
                ServerSamples upstream) {
            boolean timingKnown = !timings.isEmpty();
            long gatewayTimed =
                    timings.stream().mapToLong(t -> t.gateway().count()).sum();
            long upstreamTimed =
                    timings.stream().mapToLong(t -> t.upstream().count()).sum();
            long queueTimed =
                    timings.stream().mapToLong(t -> t.split().queue().count()).sum();
            boolean noTiming = timingKnown && (selfTimed || gatewayTimed + upstreamTimed + queueTimed == 0);
            boolean noMetrics = metricsWritten && gateway.samples().isEmpty();
            return new NotGiven(
                    timing(timingKnown, noTiming, gatewayTimed, "gateway"),
                    timing(timingKnown, noTiming, upstreamTimed, "upstream"),
                    timing(timingKnown, noTiming, queueTimed, "queue"),
                    noMetrics ? NO_METRICS : null,
                    noMetrics
                            ? NO_METRICS
                            : metricsWritten && upstream.samples().isEmpty() ? NO_UPSTREAM : null);
        }

        private static String timing(boolean known, boolean none, long carried, String metric) {
            if (!known || carried > 0) {
                return null;
            }
            return none ? NO_SERVER_TIMING : "n/a: the target's Server-Timing has no " + metric;
        }
    }

    /**
     * The study's system table: the gateway's most CPU and memory in any step that held (the study's table has no
     * figure for a step that timed out), beside the pod's request and limit; null maxima where no step held.
     */
    public record Headroom(
            Double maxCpuMillicores,
            int cpuRequestMillicores,
            int cpuLimitMillicores,
            Double maxMemoryMb,
            int memoryRequestMb,
            int memoryLimitMb) {}

    /** The steps of one latency's search in one repeat, in run order; used by the HTML table and charts. */
    public static List<Step> ofCell(List<Step> steps, String protocol, int latencyMs, int repeat) {
        List<Step> out = new ArrayList<>();
        for (Step s : steps) {
            if (s.protocol().equals(protocol) && s.latencyMs() == latencyMs && s.repeat() == repeat) {
                out.add(s);
            }
        }
        return out;
    }
}
