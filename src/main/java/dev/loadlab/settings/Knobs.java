package dev.loadlab.settings;

import dev.loadlab.settings.Setting.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Makes a class's settings, one kind of value per method, each stating the range it accepts, and lists each as it is
 * made: a class's list ({@link #all}) names no setting a second time, in the class's own order (static fields are made
 * in the order they are written), which docs/properties.md keeps. {@link #full} and {@link #fromEnvironment} make the
 * next setting with a default at full scale, or a secret.
 */
public final class Knobs {
    /** The longest duration any setting takes: a day. */
    public static final int MAX_SECONDS = 86_400;

    private final Part part;
    private final List<Setting> made;
    private final UnaryOperator<Setting> then;

    public Knobs(Part part) {
        this(part, new ArrayList<>(), s -> s);
    }

    private Knobs(Part part, List<Setting> made, UnaryOperator<Setting> then) {
        this.part = part;
        this.made = made;
        this.then = then;
    }

    /** Settings of another part, in the same list (a study's settings span parts). */
    public Knobs part(Part other) {
        return new Knobs(other, made, then);
    }

    /** The setting made next has this default at full scale ({@code -Pfull}, the studies' own). */
    public Knobs full(String fullDefault) {
        return new Knobs(part, made, s -> then.apply(s).full(fullDefault));
    }

    /** The setting made next is a secret, read only from this environment variable. */
    public Knobs fromEnvironment(String variable) {
        return new Knobs(part, made, s -> then.apply(s).fromEnvironment(variable));
    }

    /** Every setting made so far, in the order made. */
    public List<Setting> all() {
        return List.copyOf(made);
    }

    /** Free text checked by {@code accepts}, described by {@code allowed}. */
    public Setting text(
            String name, String allowed, Predicate<String> accepts, String smoke, String unit, String meaning) {
        Setting setting = then.apply(new Setting(name, part, unit, allowed, smoke, smoke, meaning, accepts, ""));
        made.add(setting);
        return setting;
    }

    public Setting integer(String name, long min, long max, long smoke, String unit, String meaning) {
        String allowed = "an integer in [" + min + ", " + max + "]";
        return text(name, allowed, v -> Values.integerIn(v, min, max), Long.toString(smoke), unit, meaning);
    }

    /** A duration in seconds of a run's phase, from {@code min} to a day, with its default at smoke and at full. */
    public Setting seconds(String name, long min, long smoke, String full, String meaning) {
        return full(full).integer(name, min, MAX_SECONDS, smoke, "s", meaning);
    }

    public Setting decimal(String name, double min, double max, double smoke, String unit, String meaning) {
        String allowed = "a number in [" + Values.plain(min) + ", " + Values.plain(max) + "]";
        return text(name, allowed, v -> Values.decimalIn(v, min, max), Values.plain(smoke), unit, meaning);
    }

    public Setting bool(String name, boolean smoke, String meaning) {
        Predicate<String> accepts = v -> v.equals("true") || v.equals("false");
        return text(name, "true or false", accepts, Boolean.toString(smoke), "", meaning);
    }

    public Setting oneOf(String name, List<String> options, String smoke, String meaning) {
        return text(name, "one of " + String.join("|", options), options::contains, smoke, "", meaning);
    }

    /** A comma-separated, non-empty subset of the options, in any order. */
    public Setting someOf(String name, List<String> options, String smoke, String meaning) {
        String allowed = "a comma-separated list of " + String.join("|", options);
        return text(name, allowed, v -> Values.items(v).stream().allMatch(options::contains), smoke, "", meaning);
    }

    /** A comma-separated, non-empty list of integers in [min, max]. */
    public Setting integers(String name, long min, long max, String smoke, String unit, String meaning) {
        String allowed = "a comma-separated list of integers in [" + min + ", " + max + "]";
        Predicate<String> accepts =
                v -> !v.isEmpty() && Values.items(v).stream().allMatch(i -> Values.integerIn(i, min, max));
        return text(name, allowed, accepts, smoke, unit, meaning);
    }

    /**
     * The highest tier a tool's JVM compiles to ({@code -XX:TieredStopAtLevel}): 1, C1 alone, at smoke scale, where a
     * run lasts seconds and C2's compiling takes the CPU the server beside it needs; 4, the JVM's default, at full
     * scale, where a run lasts minutes and C2's code pays (docs/benchmarks.md, the plain runs), and where a team's own
     * experiment runs (dev.loadlab.steps.OwnScenarios#jitTiers).
     */
    public Setting jitTier(String name, String whichJvm) {
        return full("4")
                .integer(
                        name,
                        1,
                        4,
                        1,
                        "",
                        "the highest tier the JIT of " + whichJvm
                                + " compiles to (-XX:TieredStopAtLevel): 1, C1 alone, for runs of seconds; 4, the JVM's"
                                + " default with C2, for runs of minutes (full scale, and by default where the build"
                                + " runs a team's own experiment)");
    }

    /** A PEM certificate's file; empty by default. */
    public Setting pemFile(String name, String meaning) {
        return text(name, "a PEM file", v -> true, "", "path", meaning);
    }

    /** Folders, comma-separated, each what {@code eachIs} says; empty by default. */
    public Setting folders(String name, String eachIs, String meaning) {
        String allowed = "a comma-separated list of folders (each " + eachIs + "), or empty";
        return text(name, allowed, v -> Values.items(v).stream().noneMatch(String::isBlank), "", "paths", meaning);
    }

    /** An absolute http(s) URL with a host and no query; empty where {@code smoke} is empty. */
    public Setting url(String name, String smoke, String meaning) {
        String allowed = "an absolute http:// or https:// URL such as http://127.0.0.1:8080";
        return text(name, allowed, Values::isHttpUrl, smoke, "URL", meaning);
    }

    /** A URL path that starts with a slash. */
    public Setting path(String name, String smoke, String meaning) {
        return text(name, "a URL path starting with /", Values::isUrlPath, smoke, "path", meaning);
    }
}
