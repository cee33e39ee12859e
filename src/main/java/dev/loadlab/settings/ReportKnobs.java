package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.REPORT;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The combined report's and the gate's knobs. The gate's default tolerances are sized for smoke runs of a few
 * seconds on a shared 2-core machine, where two unchanged runs differed by up to +77 ms / +53 % in p95 and -34 % in
 * throughput; tighten them for longer runs on a quiet machine.
 */
public final class ReportKnobs {
    private ReportKnobs() {}

    private static final Knobs report = new Knobs(REPORT);

    /**
     * One entry of gate.limits: {@code <text in the row's name or experiment>:<figure>=<n>...[:stop]}, the figures those
     * of {@link #LIMIT_FIGURES}; {@code :stop} ends the run as soon as a figure crosses (dev.loadlab.live.StopLimits).
     */
    public static final Pattern LIMIT_ENTRY = Pattern.compile(
            "([^:;=]+)((?::(?:errorPct|p50Ms|p90Ms|p95Ms|p99Ms|meanMs|maxMs|minRps)=[0-9.]+)+)(:stop)?");
    /** What a gate.limits entry may bound, as an SLA reads: the percentiles, mean and max, errors, a least rate. */
    public static final String LIMIT_FIGURES =
            "errorPct, p50Ms, p90Ms, p95Ms, p99Ms, meanMs, maxMs (at most), minRps (at least)";

    public static final Setting MAX_ERROR_PCT =
            report.decimal("gate.maxErrorPct", 0, 100, 5, "%", "failed requests allowed per scenario row");
    public static final Setting MAX_P95_MS =
            report.integer("gate.maxP95Ms", 1, 3_600_000, 5000, "ms", "p95 allowed per scenario row");
    /**
     * Each study's own entries (Study#gateLimits): the stress runs end where the target gives up, the gateway steps
     * wait for their synthetic upstream, and at full one write request carries up to 20,000 records: 5.4 s over TLS on
     * the development machine (the study's own run took 10.5 s at 17,000), so the write study's rows are held to
     * Gatling's request timeout, 60 s; their errors and the count each write is verified by hold them as before.
     */
    public static final Setting LIMITS = report.full(StudyCatalogue.joinedLimits(true))
            .text(
                    "gate.limits",
                    "entries <row or experiment text>:<figure>=<n>[:stop], figures " + LIMIT_FIGURES
                            + ", one or more, separated by ';', or none",
                    ReportKnobs::isLimits,
                    StudyCatalogue.joinedLimits(false),
                    "",
                    "per experiment, request or row, as SLAs read: an entry applies to the rows whose name or experiment"
                            + " contains its text (case ignored), each figure's last match winning; errorPct and p95Ms"
                            + " bound every row (gate.maxErrorPct, gate.maxP95Ms), the others the rows an entry names; an entry"
                            + " ending :stop also stops the run within seconds of a figure crossing (minRps: after it)");

    public static final Setting P95_RISE_PCT = report.decimal(
            "gate.p95RisePct",
            0,
            10_000,
            100,
            "%",
            "with a baseline: a p95 regresses when it rose by more than this and gate.p95RiseMinMs");
    public static final Setting P95_RISE_MIN_MS = report.integer(
            "gate.p95RiseMinMs", 0, 3_600_000, 50, "ms", "with a baseline: the smallest p95 rise that counts");
    public static final Setting THROUGHPUT_FALL_PCT = report.decimal(
            "gate.throughputFallPct", 0, 100, 50, "%", "with a baseline: throughput that fell by more regresses");
    public static final Setting MIN_SAMPLES = report.integer(
            "gate.minSamples",
            1,
            1_000_000_000,
            20,
            "samples",
            "rows with fewer samples (in either run) are not compared with the baseline, nor judged by a :stop limit");
    public static final Setting BASELINE = report.text(
            "baseline",
            "the path of an earlier run's summary.json, or of the folder holding it",
            v -> true,
            "",
            "path",
            "an earlier run's summary.json or its folder (a kept run, a CI artifact's reports/): verify fails on"
                    + " regressions against it, and summary.md says what changed");

    // the gate on truth (the calibration experiment): how far a tool's figures may stand from what is known
    /**
     * A run's label names its folder under reports/runs/, so it is kept to characters every file system and URL
     * takes as they are, and never starts with a dot (no hidden folder, no "." or "..").
     */
    public static final Pattern RUN_LABEL_FORM = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");

    private static final String RUN_LABEL_ALLOWED = "1 to 64 characters of A-Z a-z 0-9 . _ - not starting with '.'";

    public static final Setting RUN_LABEL = report.text(
            "run.label",
            RUN_LABEL_ALLOWED + ", or empty",
            ReportKnobs::isRunLabel,
            "",
            "",
            "the name this run is kept under in reports/runs/ (an existing run of that name is replaced); empty: the"
                    + " time the report is written, e.g. 20261123-181502");
    public static final Setting COMPARE = report.text(
            "compare",
            "a comma-separated list of run labels (each " + RUN_LABEL_ALLOWED + "), or empty",
            v -> Values.items(v).stream().allMatch(ReportKnobs::isRunLabel),
            "",
            "",
            "the runs of reports/runs/ that reports/compare.html shows, in this order; empty: every run there");

    /**
     * The other injectors' results, each folder a copy of one injector's target/gatling; the report merges the runs of
     * one simulation and wire whose logs say "injector i/N" into one set of figures.
     */
    public static final Setting INJECTOR_RESULTS = report.folders(
            "gatling.injectorResults",
            "a copy of an injector's target/gatling",
            "Gatling results of other injectors, read with target/gatling: runs of the same simulation and wire from"
                    + " injectors i/N are merged into one set of figures");

    /**
     * The jobs of a build split by experiment (docs/ci.md, "-Pfull as parallel jobs"): each folder what one job left,
     * its reports/ and target/loadlab/gate-checks.json; {@code mvn -q exec:java@merge} makes one report and verdict of
     * them. Only that command takes it: a build that loads is refused it (dev.loadlab.steps.Prepare).
     */
    public static final Setting MERGE_JOBS = report.folders(
            "merge.jobs",
            "a job's reports/ and target/loadlab/gate-checks.json",
            "for exec:java@merge only: the jobs of one build split by experiment, merged into one report and one"
                    + " gate's verdict, as one build of all their experiments would have made them");

    /** A smoke run's own reports take about 50 MB; its summary.json, all that comparing needs, 2 MB. */
    public static final Setting KEEP_REPORTS = report.integer(
            "run.keepReports",
            1,
            100_000,
            10,
            "runs",
            "the newest kept runs whose tools' own reports stay under reports/runs/; older runs keep their summary.json"
                    + " (all compare.html and a baseline read) and lose the rest");

    /**
     * What of the tools' own reports reports/ holds. At -Pfull odata-write's Gatling report is a page per group, 1,061
     * per wire of about 1.1 MB each: 2.2 GB of a CI job's artifact.
     */
    public static final Setting NATIVE_PAGES = report.oneOf(
            "report.nativePages",
            List.of("all", "overview"),
            "all",
            "the tools' own reports under reports/: every page, or each report's overview alone (Gatling's index.html,"
                    + " its assets and simulation.log, not its page per request and group; JMeter's dashboard, which"
                    + " has no such pages) for a CI artifact that must stay small");

    /** The live page (dev.loadlab.live.LivePage): on by default, as a build that loads for minutes shows nothing else. */
    public static final Setting LIVE = report.bool(
            "live",
            true,
            "a live page of the build's runs on loopback while it loads, its URL printed before the load, with the"
                    + " figures in OpenMetrics' format at /metrics for Prometheus; false: none, and the tools write no"
                    + " figures for it");

    public static final Setting LIVE_PORT =
            report.integer("live.port", 0, 65535, 0, "", "the live page's port on 127.0.0.1; 0: a free port, printed");

    static final List<Setting> ALL = report.all();

    public static boolean isRunLabel(String value) {
        return RUN_LABEL_FORM.matcher(value).matches();
    }

    static boolean isLimits(String value) {
        return value.equals("none")
                || List.of(value.split(";", -1)).stream()
                        .allMatch(e -> LIMIT_ENTRY.matcher(e.strip()).matches());
    }
}
