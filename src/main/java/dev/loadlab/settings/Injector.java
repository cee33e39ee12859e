package dev.loadlab.settings;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which of several Gatling injectors this one is ({@code -Dinjector=2/3}: the second of three), and the one
 * definition of each injector's share of a load. Every injector runs the same simulation with its share; their
 * {@code simulation.log} files, each naming its injector in its run description, merge into one set of figures in
 * the report. {@code 1/1}, the default, is the whole load on one machine.
 *
 * @param index 1-based, at most {@code count}
 * @param count how many injectors share the load
 */
public record Injector(int index, int count) {
    /** The form of the setting and of the run description Gatling writes into each log: "injector 2/3". */
    public static final Pattern FORM = Pattern.compile("([1-9][0-9]{0,3})/([1-9][0-9]{0,3})");

    public static final Pattern DESCRIPTION = Pattern.compile("injector ([1-9][0-9]*)/([1-9][0-9]*)");

    public static final Injector ALONE = new Injector(1, 1);

    public Injector {
        if (index < 1 || count < 1 || index > count) {
            throw new IllegalArgumentException("injector " + index + "/" + count + ": expected 1 <= i <= N");
        }
    }

    /** This JVM's injector, from the checked {@link InjectorKnobs#INJECTOR} setting. */
    public static Injector of(Settings settings) {
        return parse(settings.get(InjectorKnobs.INJECTOR));
    }

    /** "i/N" with 1 <= i <= N (the setting's check); throws IllegalArgumentException otherwise. */
    public static Injector parse(String value) {
        Matcher m = FORM.matcher(value.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("not i/N: " + value);
        }
        return new Injector(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    static boolean isForm(String value) {
        Matcher m = FORM.matcher(value);
        return m.matches() && Integer.parseInt(m.group(1)) <= Integer.parseInt(m.group(2));
    }

    public boolean alone() {
        return count == 1;
    }

    /** What Gatling writes as the run description of every log of this injector, and the report reads back. */
    public String description() {
        return "injector " + index + "/" + count;
    }

    /**
     * This injector's part of {@code total} users (or requests, or connections) shared by all {@code count}:
     * floor(total / count), plus one for each of the first {@code total mod count} injectors, so that the parts add
     * up to the total exactly and differ by at most one. Zero where the total is smaller than the count.
     */
    public int share(int total) {
        return shareOf(total, index, count);
    }

    /**
     * The part of {@code total} for this injector when only the first {@code parts} injectors take part (a load that
     * cannot be spread wider, e.g. requests that go with {@code parts} users); zero for the injectors after them.
     */
    public int share(int total, int parts) {
        int n = Math.min(parts, count);
        return index > n ? 0 : shareOf(total, index, n);
    }

    /** This injector's arrival rate: the total rate divided by the count (an open model splits exactly). */
    public double rate(double totalPerSec) {
        return totalPerSec / count;
    }

    private static int shareOf(int total, int index, int count) {
        if (total < 0) {
            throw new IllegalArgumentException("a negative total cannot be shared: " + total);
        }
        return total / count + (index - 1 < total % count ? 1 : 0);
    }

    /** The injector a run description names, or null when it names none (a run of one injector, or an older log). */
    public static Injector fromDescription(String runDescription) {
        if (runDescription == null) {
            return null;
        }
        Matcher m = DESCRIPTION.matcher(runDescription);
        if (!m.find()) {
            return null;
        }
        int i = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        return i <= n ? new Injector(i, n) : null;
    }
}
