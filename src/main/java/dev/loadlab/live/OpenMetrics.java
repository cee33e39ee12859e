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
        rows.forEach(r -> sample(out, "loadlab_requests_total", request(r, ""), r.requests));
        out.append("# TYPE loadlab_errors counter\n");
        out.append("# HELP loadlab_errors Failed requests by kind (the report's kinds).\n");
        for (FeedReader.Row r : rows) {
            r.errorKinds.forEach(
                    (kind, n) -> sample(out, "loadlab_errors_total", request(r, ",kind=\"" + escape(kind) + "\""), n));
        }
        out.append("# TYPE loadlab_latency_seconds histogram\n");
        out.append("# UNIT loadlab_latency_seconds seconds\n");
        out.append("# HELP loadlab_latency_seconds Response time of each request.\n");
        for (FeedReader.Row r : rows) {
            for (int i = 0; i < LiveFeed.BOUNDS_MS.length; i++) {
                String le = ",le=\"" + seconds(LiveFeed.BOUNDS_MS[i]) + "\"";
                sample(out, "loadlab_latency_seconds_bucket", request(r, le), r.buckets[i]);
            }
            sample(out, "loadlab_latency_seconds_bucket", request(r, ",le=\"+Inf\""), r.requests);
            sample(out, "loadlab_latency_seconds_count", request(r, ""), r.requests);
            sample(out, "loadlab_latency_seconds_sum", request(r, ""), seconds(r.sumMs));
        }
        out.append("# TYPE loadlab_active_users gauge\n");
        out.append("# HELP loadlab_active_users Users (Gatling) or threads (JMeter) of a run, at its last second.\n");
        Map<String, Long> users = new LinkedHashMap<>(); // a run's rows carry the same users: one sample per run
        rows.forEach(r -> users.put(labels(r, "run", r.key.run(), ""), r.users));
        users.forEach((labels, n) -> sample(out, "loadlab_active_users", labels, n));
        return out.append("# EOF\n").toString();
    }

    private static void sample(StringBuilder out, String name, String labels, Object value) {
        out.append(name).append(labels).append(' ').append(value).append('\n');
    }

    /** A row's labels, its request last, then {@code more}. */
    private static String request(FeedReader.Row r, String more) {
        return labels(r, "request", r.key.request(), more);
    }

    private static String labels(FeedReader.Row r, String last, String value, String more) {
        return "{tool=\"" + escape(r.key.tool()) + "\",wire=\"" + escape(r.key.wire()) + "\",experiment=\""
                + escape(r.key.experiment()) + "\"," + last + "=\"" + escape(value) + "\"" + more + "}";
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    /** OpenMetrics' escapes in a label's value: backslash, double quote and line feed. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }
}
