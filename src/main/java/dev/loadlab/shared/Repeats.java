package dev.loadlab.shared;

import java.util.regex.Pattern;

/**
 * How a study's cell names its repeat (-Drepeats) in Gatling's groups and scenarios, and so in the report's rows: from
 * the second repeat on, {@code " repeat=2"} after the name; the first repeat's name is a run's without repeats, so
 * older runs, fixtures and baselines name their cells alike. The simulations write it, the readers and the gate read it.
 */
public final class Repeats {
    private Repeats() {}

    /** What a pattern of a cell's name puts after it: an optional repeat, its number a group of its own. */
    public static final String OPTIONAL = "(?: repeat=(\\d+))?";

    private static final Pattern ANYWHERE = Pattern.compile(" repeat=\\d+");

    /** What follows a cell's name in its {@code repeat}: nothing for the first. */
    public static String suffix(int repeat) {
        return repeat > 1 ? " repeat=" + repeat : "";
    }

    /** The repeat an {@link #OPTIONAL} group matched: 1 where it matched none. */
    public static int of(String group) {
        return group == null ? 1 : Integer.parseInt(group);
    }

    /** A name without its repeat: the cell every repeat of it shares ({@code ab -c 10 -n 1000 repeat=2}: the ab run). */
    public static String cell(String name) {
        return ANYWHERE.matcher(name).replaceAll("");
    }

    /** Whether a name is a later repeat's. */
    public static boolean isRepeat(String name) {
        return ANYWHERE.matcher(name).find();
    }
}
