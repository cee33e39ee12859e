package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.model.LatencyStats;
import java.util.Map;

/**
 * What broke a gateway step that was not sustained. Each answered request's time is split by its Server-Timing:
 * client = before the gateway (the client's connections or streams, the server's threads) + the gateway's own time,
 * which is its queue (the wait for one of its upstream connections) + the upstream's time + its work. The limit is
 * the part whose P95 grew most past {@code marginMs} (the upstream's counted above its synthetic latency); where none
 * did, the errors that broke the step, else its answers falling behind the offered rate. Time before the gateway
 * over h2 is put down to streams only where the requests in flight (Little's law: achieved rate x mean client time)
 * needed more streams than the step's connections offered; otherwise to the server's threads and CPU.
 */
final class StepLimit {
    private StepLimit() {}

    /** One step's parts, each over its answered requests; {@code queue} empty for a run before the queue was timed. */
    record Split(
            LatencyStats client, LatencyStats before, LatencyStats queue, LatencyStats upstream, LatencyStats work) {
        Split() {
            this(new LatencyStats(), new LatencyStats(), new LatencyStats(), new LatencyStats(), new LatencyStats());
        }

        /** One answered request; a part the gateway did not time is left out (queue null: counted with the work). */
        void add(double clientMs, Double gatewayMs, Double upstreamMs, Double queueMs) {
            if (gatewayMs == null || upstreamMs == null) {
                return;
            }
            double queued = queueMs == null ? 0 : queueMs;
            client.add(Math.round(clientMs));
            before.add(Math.max(0, Math.round(clientMs - gatewayMs)));
            upstream.add(Math.round(upstreamMs));
            work.add(Math.max(0, Math.round(gatewayMs - upstreamMs - queued)));
            if (queueMs != null) {
                queue.add(Math.round(queueMs));
            }
        }
    }

    /** How many connections the step's clients had open, and how many streams the server allows on each. */
    record Connections(Long open, int h2MaxStreams) {}

    static String of(
            Split split,
            String protocol,
            int latencyMs,
            int marginMs,
            double errorPct,
            Map<String, Long> errorsByKind,
            Double achievedRps,
            int offeredRps,
            Connections connections) {
        if (split.before().count() > 0) {
            long before = split.before().percentile(95);
            long queue = split.queue().count() == 0 ? 0 : split.queue().percentile(95);
            long upstream = split.upstream().percentile(95) - latencyMs;
            long work = split.work().percentile(95);
            long most = Math.max(Math.max(before, queue), Math.max(upstream, work));
            if (most > marginMs) {
                if (most == queue) {
                    return "the gateway's upstream connections: P95 " + queue + " ms waiting for one";
                }
                if (most == upstream) {
                    return "the upstream: P95 " + upstream + " ms above its " + latencyMs + " ms";
                }
                if (most == work) {
                    return (split.queue().count() == 0 ? "time in the gateway (its queue not timed)" : "gateway work")
                            + ": P95 " + work + " ms";
                }
                return before(split, protocol, achievedRps, connections) + ": P95 " + before + " ms";
            }
        }
        if (errorPct > 0) {
            return "errors: "
                    + errorsByKind.entrySet().stream()
                            .max(Map.Entry.comparingByValue())
                            .map(e -> e.getKey() + " (" + e.getValue() + ")")
                            .orElse(Math.round(errorPct) + " %");
        }
        return achievedRps == null
                ? "no answers"
                : String.format(java.util.Locale.ROOT, "answers at %.1f of %d requests/s", achievedRps, offeredRps);
    }

    private static String before(Split split, String protocol, Double achievedRps, Connections connections) {
        String open = connections.open() == null ? "" : "; " + connections.open() + " connections open";
        if (protocol.equals("h2") && achievedRps != null && connections.open() != null) {
            long inFlight = Math.round(achievedRps * split.client().figures().meanMs() / 1000);
            if (inFlight > connections.open() * connections.h2MaxStreams()) {
                return "streams before the gateway: about " + inFlight + " requests in flight on " + connections.open()
                        + " connections of " + connections.h2MaxStreams() + " streams";
            }
        }
        return "waits before the gateway's handler (the server's threads and CPU" + open + ")";
    }
}
