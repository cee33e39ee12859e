package dev.loadlab.report.model;

import java.util.Locale;

/** One figure against another in %: how the gate holds a tool to the server's count, and how the pages say a change. */
public final class Percent {
    private Percent() {}

    /** How far {@code value} stands from {@code reference}, in % of the reference (0 when both are 0). */
    public static double off(double value, double reference) {
        if (reference == 0) {
            return value == 0 ? 0 : Double.POSITIVE_INFINITY;
        }
        return Math.abs(value - reference) / reference * 100;
    }

    /** {@code value} against {@code reference} in %, with its sign; null where the reference is 0. */
    public static Double signedOff(double value, double reference) {
        return reference == 0 ? null : Math.signum(value - reference) * off(value, reference);
    }

    /** From {@code from} to {@code to} as a page says it: "+12.5 %", "±0 %", or "n/a" from nothing to something. */
    public static String change(double from, double to) {
        if (from == 0) {
            return to == 0 ? "±0 %" : "n/a";
        }
        double pct = 100 * (to - from) / from;
        return String.format(Locale.ROOT, "%+.1f %%", pct);
    }
}
