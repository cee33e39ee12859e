package dev.loadlab.report.model;

import java.util.Locale;

/**
 * One check of the gate on a summary: of which {@code kind} (limit, truth, agreement, ...), on which scenario, what was
 * compared ({@code figure}, e.g. "p95 ms" or "throughput/s"), against what, under which limit, and whether it passed.
 * The gate makes most; a study makes its own (Study#checks).
 */
public record Check(
        String kind, String scenario, String figure, String baseline, String now, String limit, boolean passed) {
    /** The kind of the checks of a tool's figures against what is known of the same requests (the server's count). */
    public static final String TRUTH = "truth";

    /** Its name in the gate's lists: kind, scenario and figure. */
    public String name() {
        return kind + ": " + scenario + " " + figure;
    }

    /** A tool's count of some requests against the server's count of the same, a truth check: the two are equal. */
    public static Check count(String scenario, long server, long samples) {
        return new Check(
                TRUTH,
                scenario,
                "count",
                String.valueOf(server),
                String.valueOf(samples),
                "= the server's",
                samples == server);
    }

    /** A figure as the gate's checks show it: a whole number without decimals, any other with two. */
    public static String fmt(double d) {
        return String.format(Locale.ROOT, d == Math.rint(d) ? "%.0f" : "%.2f", d);
    }
}
