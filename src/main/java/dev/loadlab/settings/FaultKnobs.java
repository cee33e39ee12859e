package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.FAULTS;

import java.util.List;

/**
 * Faults on purpose: errors the reference server injects into its counted routes, so that the tools' error handling,
 * their stop-at-error-rate rules and the report's errors by kind meet real failures. All off by default. The server
 * reads them at start and its admin endpoint changes them while it runs (see docs/faults.md).
 */
public final class FaultKnobs {
    private FaultKnobs() {}

    private static final Knobs faults = new Knobs(FAULTS);

    /** The statuses an answer can be replaced by: the three an untuned gateway or pool gives. */
    public static final List<String> STATUSES = List.of("500", "502", "503");
    /**
     * Past every tool's timeout here (Gatling's default request timeout of 60 s, jmeter.timeoutMs's 30 s), so a stalled
     * request reaches the client as a timeout, never as a late answer.
     */
    public static final int STALL_MS = 120_000;

    public static final Setting STATUS_RATE = faults.decimal(
            "faults.statusRate",
            0,
            1,
            0,
            "share",
            "share of counted requests answered with an error status (faults.statuses, in turn) instead of their answer");
    public static final Setting STATUSES_SETTING = faults.someOf(
            "faults.statuses",
            STATUSES,
            String.join(",", STATUSES),
            "the error statuses faults.statusRate answers with, in turn");
    public static final Setting RESET_RATE = faults.decimal(
            "faults.resetRate",
            0,
            1,
            0,
            "share",
            "share of counted requests whose TCP connection is reset (RST, no answer; on HTTP/2 every stream of that"
                    + " connection fails)");
    public static final Setting STALL_RATE = faults.decimal(
            "faults.stallRate",
            0,
            1,
            0,
            "share",
            "share of counted requests held faults.stallMs before their answer, without a thread");
    public static final Setting STALL_MS_SETTING = faults.integer(
            "faults.stallMs",
            1,
            3_600_000,
            STALL_MS,
            "ms",
            "how long a stalled request is held: past the client's timeout (a server stop does not wait for it)");
    public static final Setting OUTAGE_AFTER_SECONDS = faults.integer(
            "faults.outageAfterSeconds",
            0,
            86_400,
            0,
            "s",
            "when the outage begins, counted from the moment the faults are set (server start, or the build's"
                    + " target once its contract check passed)");
    public static final Setting OUTAGE_SECONDS = faults.integer(
            "faults.outageSeconds",
            0,
            3600,
            0,
            "s",
            "how long the load ports stop listening (connection refused, open connections closed); 0: no outage");
    public static final Setting PATHS = faults.text(
            "faults.paths",
            "a comma-separated list of URL paths starting with /",
            v -> Values.items(v).stream().allMatch(Values::isUrlPath),
            "",
            "paths",
            "the routes faults apply to, as path prefixes; empty: every counted route (/health, /metrics and"
                    + " /calibrate/counts never fault)");

    static final List<Setting> ALL = faults.all();
}
