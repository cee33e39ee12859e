package dev.loadlab.live;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The live page's {@code /metrics} in OpenMetrics' text format, for a team's Prometheus to scrape during the build:
 * per row (tool, wire, experiment, request) its requests and errors by kind as counters, its latency as a histogram
 * (the buckets of {@link LiveFeed#BOUNDS_MS}, in seconds as Prometheus names time), and each run's active users (one gauge per run).
 */
final class OpenMetrics {
    static final String CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    private OpenMetrics() {}

    static String of(List<FeedReader.Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append("# TYPE loadlab_requests counter\n");
        out.append("# HELP loadlab_requests Requests answered or failed, per tool, wire, experiment and request.\n");
        for (FeedReader.Row r : rows) {
            out.append("loadlab_requests_total")
                    .append(labels(r, ""))
                    .append(' ')
                    .append(r.requests)
                    .append('\n');
        }
        out.append("# TYPE loadlab_errors counter\n");
        out.append("# HELP loadlab_errors Failed requests by kind (the report's kinds).\n");
        for (FeedReader.Row r : rows) {
            for (Map.Entry<String, Long> kind : r.errorKinds.entrySet()) {
                out.append("loadlab_errors_total")
                        .append(labels(r, ",kind=\"" + escape(kind.getKey()) + "\""))
                        .append(' ')
                        .append(kind.getValue())
                        .append('\n');
            }
        }
        out.append("# TYPE loadlab_latency_seconds histogram\n");
        out.append("# UNIT loadlab_latency_seconds seconds\n");
        out.append("# HELP loadlab_latency_seconds Response time of each request.\n");
        for (FeedReader.Row r : rows) {
            for (int i = 0; i < LiveFeed.BOUNDS_MS.length; i++) {
                out.append("loadlab_latency_seconds_bucket")
                        .append(labels(r, ",le=\"" + seconds(LiveFeed.BOUNDS_MS[i]) + "\""))
                        .append(' ')
                        .append(r.buckets[i])
                        .append('\n');
            }
            out.append("loadlab_latency_seconds_bucket")
                    .append(labels(r, ",le=\"+Inf\""))
                    .append(' ')
                    .append(r.requests)
                    .append('\n');
            out.append("loadlab_latency_seconds_count")
                    .append(labels(r, ""))
                    .append(' ')
                    .append(r.requests)
                    .append('\n');
            out.append("loadlab_latency_seconds_sum")
                    .append(labels(r, ""))
                    .append(' ')
                    .append(seconds(r.sumMs))
                    .append('\n');
        }
        out.append("# TYPE loadlab_active_users gauge\n");
        out.append("# HELP loadlab_active_users Users (Gatling) or threads (JMeter) of a run, at its last second.\n");
        Map<String, Long> users = new LinkedHashMap<>();
        for (FeedReader.Row r : rows) {
            users.put(
                    "{tool=\"" + escape(r.key.tool()) + "\",wire=\"" + escape(r.key.wire()) + "\",experiment=\""
                            + escape(r.key.experiment()) + "\",run=\"" + escape(r.key.run()) + "\"}",
                    r.users);
        }
        users.forEach((labels, n) -> out.append("loadlab_active_users")
                .append(labels)
                .append(' ')
                .append(n)
                .append('\n'));
        return out.append("# EOF\n").toString();
    }

    private static String labels(FeedReader.Row r, String more) {
        return "{tool=\"" + escape(r.key.tool()) + "\",wire=\"" + escape(r.key.wire()) + "\",experiment=\""
                + escape(r.key.experiment()) + "\",request=\"" + escape(r.key.request()) + "\"" + more + "}";
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    /** OpenMetrics' escapes in a label's value: backslash, double quote and line feed. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
