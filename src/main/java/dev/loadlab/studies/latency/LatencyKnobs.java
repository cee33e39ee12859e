package dev.loadlab.studies.latency;

import static dev.loadlab.settings.Setting.Part.CONTRACT;
import static dev.loadlab.settings.Setting.Part.GATLING;

import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Values;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The latency study's settings (study 001): its route, and the ab runs that every tool runs as ab would. */
public final class LatencyKnobs {
    private LatencyKnobs() {}

    private static final Knobs contract = new Knobs(CONTRACT);
    private static final Knobs gatling = contract.part(GATLING);

    // the route: a template and its ids
    public static final Setting LATENCY_PATH = contract.text(
            "latency.path",
            "a path starting with / that may hold {fooId} and {barId}",
            v -> v.startsWith("/")
                    && !v.contains(" ")
                    && v.replaceAll("\\{(fooId|barId)}", "").matches("[^{}]*"),
            "/foo/{fooId}/bar/{barId}",
            "",
            "the ab experiment's route as a template; {fooId} and {barId} are filled in from latency.fooId and latency.barId"
                    + " (the embedded target answers it with the study's REST API headers, under /http-api/foo/...."
                    + " with its HTTP API's)");
    /** latency.path with its ids filled in: the route every tool of the latency experiment loads. */
    public static String latencyPath(Settings settings) {
        return settings.get(LATENCY_PATH)
                .replace("{fooId}", settings.get(FOO_ID))
                .replace("{barId}", settings.get(BAR_ID));
    }

    public static final Setting FOO_ID =
            contract.integer("latency.fooId", 0, Integer.MAX_VALUE, 2, "", "{fooId} of latency.path");
    public static final Setting BAR_ID =
            contract.integer("latency.barId", 0, Integer.MAX_VALUE, 3, "", "{barId} of latency.path");
    public static final Setting ID_TYPE = contract.oneOf(
            "latency.idType",
            List.of("string", "number", "none"),
            "string",
            "how the answer carries foo_id and bar_id: JSON strings (the study's router), JSON numbers, or not checked");

    // LatencySimulation (study 001): ab -c C -n N, closed model
    /** ab's two ways: plain (no -k), a new connection (and over https a new TLS handshake) per request; -k. */
    public static final Setting LATENCY_VARIANTS = gatling.someOf(
            "latency.variants",
            List.of("plain", "keepalive"),
            "plain,keepalive",
            "ab variants run one after the other: plain (ab: a new connection per request, HTTP/1.1 only; left out"
                    + " of the http2 run) and keepalive (ab -k)");

    /**
     * A run of a few seconds in a fresh JVM measures the injector's (and the server's) warm-up more than the target,
     * so the build warms up first, outside the measured runs; the study's Test 1, a cold start, has its counterpart
     * before it (latency.coldRun).
     */
    public static final Setting LATENCY_WARMUP_REQUESTS = gatling.integer(
            "latency.warmupRequests",
            0,
            10_000_000,
            2000,
            "requests",
            "keep-alive requests of the first run's concurrency before the measured ab runs, left out of their figures");
    /**
     * The study's Test 1 ran against a Lambda no request had warmed. Its counterpart here is the first ab run once
     * more before the warm-up, from this simulation's cold JVM; on the embedded target against a reference server that
     * nothing has loaded (dev.loadlab.studies.latency.LatencyStudy#companions), on a user's target simply first (docs/studies.md),
     * where the check before load therefore does not ask latency.path (dev.loadlab.steps.control.ContractCheck).
     */
    public static final Setting LATENCY_COLD_RUN = gatling.bool(
            "latency.coldRun",
            true,
            "before the warm-up, the first ab run once more, labelled (no warm-up): the study's Test 1 (cold start); the"
                    + " embedded target gives it a server of its own per wire that nothing loaded before; on yours a later"
                    + " wire's is labelled warm");

    public static final Setting LATENCY_RUNS = gatling.text(
            "latency.runs",
            "a comma-separated list of CxN (ab -c C -n N), 1 <= C <= N <= 10000000",
            LatencyKnobs::isAbRuns,
            "10x1000,1x50",
            "",
            "the ab runs, one after the other");

    /** What jmeter/latency.jmx reads with ${__P(...)}: the route template, its ids, and the ab runs (it runs the first two). */
    static final List<Setting> PLAN_PROPERTIES =
            List.of(LATENCY_PATH, ID_TYPE, FOO_ID, BAR_ID, LATENCY_RUNS, LATENCY_WARMUP_REQUESTS);

    static final List<Setting> ALL = contract.all();

    private static final Pattern AB_RUN = Pattern.compile("(\\d{1,9})x(\\d{1,9})");

    /** {@code CxN} items with 1 <= C <= N <= 10,000,000. */
    static boolean isAbRuns(String value) {
        return Values.items(value).stream().allMatch(item -> {
            Matcher m = AB_RUN.matcher(item);
            if (!m.matches()) {
                return false;
            }
            long c = Long.parseLong(m.group(1));
            long n = Long.parseLong(m.group(2));
            return c >= 1 && c <= n && n <= 10_000_000;
        });
    }
}
