package dev.loadlab.settings;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.List;

/** The small checks the catalogue's kinds of value are made of. */
public final class Values {
    private Values() {}

    public static boolean integerIn(String value, long min, long max) {
        try {
            long v = Long.parseLong(value.strip());
            return v >= min && v <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static boolean decimalIn(String value, double min, double max) {
        try {
            double v = Double.parseDouble(value.strip());
            return v >= min && v <= max;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Comma-separated items, stripped; an empty item stays in so that "a,,b" is refused. */
    public static List<String> items(String value) {
        return items(value, ",");
    }

    /** Items between {@code separator} (a regular expression), stripped; an empty item stays in, to be refused. */
    public static List<String> items(String value, String separator) {
        return Arrays.stream(value.split(separator, -1)).map(String::strip).toList();
    }

    public static boolean isHttpUrl(String value) {
        try {
            URI uri = new URI(value);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null
                    && uri.getQuery() == null
                    && uri.getFragment() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    static boolean isUrlPath(String value) {
        return value.startsWith("/") && value.chars().noneMatch(c -> Character.isWhitespace(c) || c == '?' || c == '#');
    }

    /** 5.0 as "5", 0.001 as "0.001": numbers as a person writes them. */
    static String plain(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }
}
