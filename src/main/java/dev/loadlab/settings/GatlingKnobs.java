package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.GATLING;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/** The Gatling simulations' knobs: limits, and the load of each study's simulation. */
public final class GatlingKnobs {
    private GatlingKnobs() {}

    public static final int MAX_USERS = 100_000;

    public static final Setting MAX_ERROR_PCT = Setting.decimal(
                    GATLING,
                    "assert.maxErrorPct",
                    0,
                    100,
                    5,
                    "%",
                    "failed requests a simulation may have before its assertions fail")
            .full("1");
    public static final Setting P95_MS = Setting.integer(
                    GATLING,
                    "assert.p95Ms",
                    1,
                    3_600_000,
                    5000,
                    "ms",
                    "p95 response time a simulation may reach before its assertions fail")
            .full("1000");

    /**
     * In six paired builds the latency study's warm plain 10x1000 over TLS made a median 514 req/s with C1 alone, 415
     * with C2. The build's three runs take it (pom); {@code mvn gatling:test} on its own reads no settings and keeps
     * the JVM's default (a pom default would be fixed before the settings are read).
     */
    public static final Setting JIT_TIER = Setting.jitTier(GATLING, "gatling.jitTier", "the build's Gatling JVMs");

    /**
     * Several injectors, one load: each runs the same simulations with its share (see {@link Injector#share}), and the
     * report merges their logs. An injector build of more than one runs Gatling only.
     */
    // ApiGatewaySimulation (study 004): the JMeter thread groups' shapes, a closed saturation loop
    public static final Setting API_PROFILE = Setting.oneOf(
            GATLING,
            "api.profile",
            List.of("both", "ramp", "ramp500", "saturate"),
            "both",
            "load profile of ApiGatewaySimulation: the study's two configurations one after the other as JMeter's plan"
                    + " runs them (both), one of them, or a closed loop");

    public static final Setting RAMP_USERS =
            users("api.ramp.users", 100, "users of the ramp profile (the study's configuration 1)");
    public static final Setting RAMP_SECONDS =
            Setting.seconds(GATLING, "api.ramp.rampSeconds", 0, 2, "50", "ramp-up of the ramp profile");
    public static final Setting RAMP_DURATION = Setting.seconds(
            GATLING, "api.ramp.durationSeconds", 1, 6, "60", "duration cap of the ramp profile after its ramp-up");
    public static final Setting RAMP500_USERS =
            users("api.ramp500.users", 500, "users of the ramp500 profile (the study's configuration 2)");
    public static final Setting RAMP500_SECONDS =
            Setting.seconds(GATLING, "api.ramp500.rampSeconds", 0, 8, "100", "ramp-up of the ramp500 profile");
    public static final Setting RAMP500_DURATION = Setting.seconds(
            GATLING,
            "api.ramp500.durationSeconds",
            1,
            6,
            "60",
            "duration cap of the ramp500 profile after its ramp-up");
    public static final Setting REQUESTS_PER_USER = Setting.integer(
            GATLING, "api.requestsPerUser", 1, 10_000_000, 1, "requests", "requests each user of a ramp profile sends");
    public static final Setting SATURATE_USERS =
            users("api.saturate.users", 50, "users of the closed saturation loop (wrk semantics)");
    public static final Setting SATURATE_WARMUP = Setting.seconds(
            GATLING, "api.saturate.warmupSeconds", 0, 3, "10", "warm-up of the saturate profile, reported apart");
    public static final Setting SATURATE_DURATION = Setting.seconds(
            GATLING, "api.saturate.durationSeconds", 1, 5, "30", "measured window of the saturate profile");
    // ApiGatewayStressSimulation (study 004's stress test): doubling arrival rates until a step's errors pass a limit
    public static final Setting STRESS_START_RPS = Setting.integer(
            GATLING,
            "api.stress.startRps",
            1,
            1_000_000,
            100,
            "requests/s",
            "first arrival rate of the stress profile; each step doubles it");
    public static final Setting STRESS_MAX_RPS = Setting.integer(
                    GATLING,
                    "api.stress.maxRps",
                    1,
                    1_000_000,
                    800,
                    "requests/s",
                    "last arrival rate of the stress profile (at least api.stress.startRps)")
            .full("25600");
    public static final Setting STRESS_STEP_SECONDS =
            Setting.seconds(GATLING, "api.stress.stepSeconds", 1, 2, "20", "duration of each stress step");
    public static final Setting STRESS_MAX_ERROR_PCT = Setting.decimal(
            GATLING,
            "api.stress.maxErrorPct",
            0,
            100,
            10,
            "%",
            "error rate of a step at which the stress profile stops");

    // LatencySimulation (study 001): ab -c C -n N, closed model
    /** ab's two ways: plain (no -k), a new connection (and over https a new TLS handshake) per request; -k. */
    public static final Setting LATENCY_VARIANTS = Setting.someOf(
            GATLING,
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
    public static final Setting LATENCY_WARMUP_REQUESTS = Setting.integer(
            GATLING,
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
    public static final Setting LATENCY_COLD_RUN = Setting.bool(
            GATLING,
            "latency.coldRun",
            true,
            "before the warm-up, the first ab run once more, labelled (no warm-up): the study's Test 1 (cold start); the"
                    + " embedded target gives it a server of its own that nothing loaded before");

    public static final Setting LATENCY_RUNS = Setting.text(
            GATLING,
            "latency.runs",
            "a comma-separated list of CxN (ab -c C -n N), 1 <= C <= N <= 10000000",
            GatlingKnobs::isAbRuns,
            "10x1000,1x50",
            "",
            "the ab runs, one after the other");

    // ODataWriteSimulation (study 000): write strategies against a CAP-like OData service
    /** The study's table's 48 columns: 5..100 by 5, 200..1,000 by 100, 2,000..20,000 by 1,000. */
    static final String STUDY_RECORD_COUNTS = String.join(
            ",",
            IntStream.concat(
                            IntStream.rangeClosed(1, 20).map(i -> 5 * i),
                            IntStream.concat(
                                    IntStream.rangeClosed(2, 10).map(i -> 100 * i),
                                    IntStream.rangeClosed(2, 20).map(i -> 1000 * i)))
                    .mapToObj(Integer::toString)
                    .toList());

    public static final Setting STRATEGIES = Setting.someOf(
            GATLING,
            "odata.strategies",
            List.of("sequential", "batch", "parallel", "customRest"),
            "sequential,batch,parallel,customRest",
            "write strategies to run");
    public static final Setting BATCH_SIZES = Setting.integers(
                    GATLING, "odata.batchSizes", 1, 1000, "50", "records", "records per $batch request")
            .full("10,50,100,500,1000");
    public static final Setting PARALLEL_CONNECTIONS = Setting.integers(
                    GATLING,
                    "odata.parallelConnections",
                    1,
                    1000,
                    "10",
                    "connections",
                    "connections of the parallel strategy")
            .full("10,50,100,500");
    public static final Setting RECORDS = Setting.integers(
                    GATLING, "odata.records", 1, 1_000_000, "10,100", "records", "record counts each strategy writes")
            .full(STUDY_RECORD_COUNTS);
    public static final Setting BATCH_ATOMIC = Setting.bool(
            GATLING,
            "odata.batchAtomic",
            false,
            "false: each create of a $batch is its own change (the study does not say how it formed its batches); true:"
                    + " one atomicity group"
                    + " (one transaction, all or nothing)");
    public static final Setting VERIFY_COUNT = Setting.bool(
            GATLING,
            "odata.verifyCount",
            true,
            "after each write run the server's $count must have grown by its records, else verify fails (a lost or"
                    + " doubled write); false: not asked, so that a run reproducing the study's error onsets (with"
                    + " assert.maxErrorPct and gate.limits raised, docs/studies.md) reports them and passes");

    /** Gatling's own switch, which the build's runs honour too (their skip flags are the build's, see Runs). */
    public static final Setting SKIP = Setting.bool(
            GATLING, "gatling.skip", false, "leave every Gatling run out of mvn verify (Gatling's own switch)");

    static final List<Setting> ALL = java.util.stream.Stream.of(
                    List.of(
                            SKIP,
                            JIT_TIER,
                            MAX_ERROR_PCT,
                            P95_MS,
                            API_PROFILE,
                            RAMP_USERS,
                            RAMP_SECONDS,
                            RAMP_DURATION,
                            RAMP500_USERS,
                            RAMP500_SECONDS,
                            RAMP500_DURATION,
                            REQUESTS_PER_USER,
                            SATURATE_USERS,
                            SATURATE_WARMUP,
                            SATURATE_DURATION,
                            STRESS_START_RPS,
                            STRESS_MAX_RPS,
                            STRESS_STEP_SECONDS,
                            STRESS_MAX_ERROR_PCT,
                            LATENCY_VARIANTS,
                            LATENCY_RUNS,
                            LATENCY_WARMUP_REQUESTS,
                            LATENCY_COLD_RUN),
                    GatewayKnobs.ALL,
                    List.of(STRATEGIES, BATCH_SIZES, PARALLEL_CONNECTIONS, RECORDS, BATCH_ATOMIC, VERIFY_COUNT))
            .flatMap(List::stream)
            .toList();

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

    private static Setting users(String name, long smoke, String meaning) {
        return Setting.integer(GATLING, name, 1, MAX_USERS, smoke, "users", meaning);
    }
}
