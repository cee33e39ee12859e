package dev.loadlab.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The report's and the gate's settings, handed over by Maven as {@code name=value} arguments under their property
 * names, so that a bad value is one line naming the property and what it allows.
 */
final class Knobs {
    private final Map<String, String> values = new LinkedHashMap<>();

    Knobs(String[] args) {
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new BadKnob("argument '" + arg + "' is not name=value");
            }
            values.put(arg.substring(0, eq), arg.substring(eq + 1).strip());
        }
    }

    String text(String name, String fallback) {
        String v = values.get(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    double number(String name, double fallback, double min, double max, String unit) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(v);
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // falls through to the one-line error
        }
        throw new BadKnob(name + "=" + v + " is not allowed: expected a number of " + unit + ", " + plain(min) + ".." + plain(max));
    }

    static String plain(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    /** A setting out of range or malformed: its message is the one line shown. */
    static final class BadKnob extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadKnob(String message) {
            super(message);
        }
    }
}
