package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.CALIBRATION;

import java.util.List;

/**
 * The calibration experiment: one scenario that Gatling, JMeter (and wrk, where installed) run alike, so that their
 * figures can be set beside each other and beside the server's own count: {@code users} in a closed loop with
 * keep-alive, a warm-up on the same connections, then a measured window. It runs twice: on a route that answers at
 * once (throughput against the server's count) and on one that holds every answer {@code latencyMs} (each tool's
 * percentiles against a latency that is known).
 */
public final class CalibrationKnobs {
    private CalibrationKnobs() {}

    /** The routes of the experiment, in the order they run; their names label every tool's samples. */
    public static final String FAST = "fast";

    public static final String HELD = "held";
    public static final List<String> ROUTES = List.of(FAST, HELD);
    /** Each route runs a warm-up, then the measured window: "<route> <phase>" labels the samples of each tool. */
    public static final String WARM_UP = "warm-up";

    public static final String MEASURED = "measured";

    /**
     * What the reference server counts a request under: {@code <tool>-<wire>-<route>-<phase>}, e.g.
     * {@code jmeter-h2-held-measured} (jmeter/fragments/calibrate.jmx spells the same in JMeter's own syntax).
     */
    public static String tag(String tool, String wire, String route, String phase) {
        return String.join("-", tool, wire, route, phase);
    }

    public static final Setting PATH = Setting.path(
            CALIBRATION,
            "calibration.path",
            "/calibrate",
            "the route; the tools add ?tag=<tool>-<wire>-<route>-<phase>&latencyMs=<ms>, and the reference server counts"
                    + " each tag");
    public static final Setting USERS = Setting.integer(
            CALIBRATION, "calibration.users", 1, 1000, 10, "users", "users of the closed loop, one connection each");
    public static final Setting WARMUP_SECONDS = Setting.integer(
                    CALIBRATION,
                    "calibration.warmupSeconds",
                    0,
                    600,
                    1,
                    "s",
                    "warm-up on the same connections before each measured window; not counted")
            .full("10");
    public static final Setting WINDOW_SECONDS = Setting.integer(
                    CALIBRATION, "calibration.windowSeconds", 1, 3600, 3, "s", "the measured window of each route")
            .full("60");
    public static final Setting LATENCY_MS = Setting.integer(
            CALIBRATION,
            "calibration.latencyMs",
            1,
            60_000,
            100,
            "ms",
            "how long the held route holds each answer, from the moment the server read the request");

    /** ab (the latency study's tool) and wrk as outside references: never required, run only where installed. */
    public static final Setting OUTSIDE_TOOLS = Setting.oneOf(
            CALIBRATION,
            "outside.tools",
            List.of("auto", "none"),
            "auto",
            "auto: where installed, ab runs the latency experiment's route and wrk the calibration loop (HTTP/1.1,"
                    + " cleartext), beside loadlab's figures; none: neither runs");

    static final List<Setting> ALL = List.of(PATH, USERS, WARMUP_SECONDS, WINDOW_SECONDS, LATENCY_MS, OUTSIDE_TOOLS);
}
