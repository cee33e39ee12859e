package dev.loadlab.studies.calibration;

import static dev.loadlab.settings.Setting.Part.CALIBRATION;
import static dev.loadlab.settings.Setting.Part.REPORT;

import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
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

    private static final Knobs calibration = new Knobs(CALIBRATION);
    private static final Knobs report = calibration.part(REPORT);

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

    public static final Setting PATH = calibration.path(
            "calibration.path",
            "/calibrate",
            "the route; the tools add ?tag=<tool>-<wire>-<route>-<phase>&latencyMs=<ms>, and the reference server counts"
                    + " each tag");
    public static final Setting USERS = calibration.integer(
            "calibration.users", 1, 1000, 10, "users", "users of the closed loop, one connection each");
    public static final Setting WARMUP_SECONDS = calibration
            .full("10")
            .integer(
                    "calibration.warmupSeconds",
                    0,
                    600,
                    1,
                    "s",
                    "warm-up on the same connections before each measured window; not counted");
    public static final Setting WINDOW_SECONDS = calibration
            .full("60")
            .integer("calibration.windowSeconds", 1, 3600, 3, "s", "the measured window of each route");
    public static final Setting LATENCY_MS = calibration.integer(
            "calibration.latencyMs",
            1,
            60_000,
            100,
            "ms",
            "how long the held route holds each answer, from the moment the server read the request");

    // the gate's limits on the tools' figures against the server's and each other's
    public static final Setting CALIBRATION_P50_MS = report.integer(
            "gate.calibrationP50Ms",
            0,
            60_000,
            3,
            "ms",
            "a tool's p50 on the held route may differ from the server's own hold of the same requests (else from"
                    + " calibration.latencyMs) by at most this; so may the server's own p50 from calibration.latencyMs");
    public static final Setting CALIBRATION_P99_MS = report.integer(
            "gate.calibrationP99Ms",
            0,
            60_000,
            10,
            "ms",
            "a tool's p99 on the held route may differ from the server's own hold p99 of the same requests (else from"
                    + " calibration.latencyMs) by at most this");
    public static final Setting SERVER_COUNT_PCT = report.decimal(
            "gate.serverCountPct",
            0,
            100,
            5,
            "%",
            "a tool's throughput may differ from the server's for the same requests by at most this; their counts must"
                    + " be equal");
    public static final Setting CROSS_TOOL_PCT = report.decimal(
            "gate.crossToolPct",
            0,
            100,
            10,
            "%",
            "Gatling's and JMeter's p50 and throughput on the held route, same wire, may differ by at most this");

    static final List<Setting> PLAN_PROPERTIES = List.of(PATH, USERS, WARMUP_SECONDS, WINDOW_SECONDS, LATENCY_MS);

    static final List<Setting> ALL = calibration.all();
}
