package dev.loadlab.outside;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Figures as an outside tool prints them: "Label:   123.45 [unit]" lines, read as the tool wrote them. */
public final class Printed {
    private static final Pattern NUMBER = Pattern.compile("([0-9.]+)");

    private Printed() {}

    /** The first number after {@code label}; NaN where the line is missing (an older tool prints fewer). */
    public static double number(String text, String label) {
        int at = text.indexOf(label);
        if (at < 0) {
            return Double.NaN;
        }
        Matcher m = NUMBER.matcher(text.substring(at + label.length()));
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }
}
