package dev.loadlab.studies.gatewaycapacity;

import java.util.Collection;

/**
 * Which of the gateway table's columns a run's target could not give, and why, from what its side files hold: a
 * Server-Timing metric no answer carried, or a /metrics that answered nothing. A missing file says nothing about
 * the target (the report's missing results name it), so its columns get no reason.
 */
final class NotGivenColumns {
    static final String NO_SERVER_TIMING = "n/a: the target sent no Server-Timing";
    static final String NO_METRICS = "n/a: the target has no loadlab /metrics";
    static final String NO_UPSTREAM = "n/a: no upstream of its own in the target's /metrics";

    private NotGivenColumns() {}

    /**
     * @param timings        upstream-timing.csv's steps (none: no file, or no rows)
     * @param metricsWritten whether server-metrics.csv was written (the simulation writes it, empty for no /metrics)
     */
    static Gateway.NotGiven of(
            Collection<GatewayStepFiles.Timings> timings,
            boolean metricsWritten,
            ServerSamples gateway,
            ServerSamples upstream) {
        boolean timingKnown = !timings.isEmpty();
        long gatewayTimed = timings.stream().mapToLong(t -> t.gateway().count()).sum();
        long upstreamTimed =
                timings.stream().mapToLong(t -> t.upstream().count()).sum();
        long queueTimed =
                timings.stream().mapToLong(t -> t.split().queue().count()).sum();
        boolean noTiming = timingKnown && gatewayTimed + upstreamTimed + queueTimed == 0;
        boolean noMetrics = metricsWritten && gateway.samples().isEmpty();
        return new Gateway.NotGiven(
                timing(timingKnown, noTiming, gatewayTimed, "gateway"),
                timing(timingKnown, noTiming, upstreamTimed, "upstream"),
                timing(timingKnown, noTiming, queueTimed, "queue"),
                noMetrics ? NO_METRICS : null,
                noMetrics ? NO_METRICS : metricsWritten && upstream.samples().isEmpty() ? NO_UPSTREAM : null);
    }

    private static String timing(boolean known, boolean none, long carried, String metric) {
        if (!known || carried > 0) {
            return null;
        }
        return none ? NO_SERVER_TIMING : "n/a: the target's Server-Timing has no " + metric;
    }
}
