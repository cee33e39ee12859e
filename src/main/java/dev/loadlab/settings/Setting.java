package dev.loadlab.settings;

import java.util.List;
import java.util.function.Predicate;

/**
 * One knob of the suite, defined once: its property name (the same in Maven, JMeter, Gatling and every
 * {@code java} entry point), what kind of value it takes and in which range, its defaults at smoke and at full
 * scale, its unit and one line of meaning. {@link #check} is the only place a value is judged.
 *
 * @param name        property name, e.g. {@code jmeter.config1.users}; a unit ends the name where there is one
 * @param part        which part reads it, for the documentation's tables
 * @param unit        unit for the documentation, empty where the value has none
 * @param allowed     what {@link #check} accepts, in words (ends the one-line error)
 * @param smoke       default at smoke scale (the build's), empty for none
 * @param full        default at full scale ({@code -Pfull}, the studies' own)
 * @param meaning     one line: what it sets
 * @param environment for a secret: the only place it is read from (never a property, a file or a log)
 */
public record Setting(
        String name,
        Part part,
        String unit,
        String allowed,
        String smoke,
        String full,
        String meaning,
        Predicate<String> accepts,
        String environment) {

    /** The parts of the suite, in the order the documentation lists them. */
    public enum Part {
        TARGET("target and scale"),
        CONTRACT("experiments and the target's contract"),
        GATLING("Gatling simulations"),
        JMETER("JMeter plans"),
        BULK("bulk-insert bench"),
        SERVER("reference server"),
        FAULTS("faults on purpose: errors the reference server injects"),
        CALIBRATION("calibration: every tool on one closed loop, beside the server's count and a known latency"),
        REPORT("combined report and gate");

        public final String title;

        Part(String title) {
            this.title = title;
        }
    }

    public boolean secret() {
        return !environment.isEmpty();
    }

    /** The default at the given scale. */
    public String defaultAt(Scale scale) {
        return scale == Scale.FULL ? full : smoke;
    }

    /** The value itself when it is allowed (empty only where the default is empty); else one {@link SettingError}. */
    public String check(String value) {
        String v = value.strip();
        if (v.isEmpty() && smoke.isEmpty()) {
            return v;
        }
        if (!accepts.test(v)) {
            throw SettingError.notAllowed(name, secret() ? UrlMask.HIDDEN : UrlMask.mask(v), allowed);
        }
        return v;
    }

    public Setting full(String fullDefault) {
        return new Setting(name, part, unit, allowed, smoke, fullDefault, meaning, accepts, environment);
    }

    /** A secret: read only from this environment variable. */
    public Setting fromEnvironment(String variable) {
        return new Setting(name, part, unit, allowed, smoke, full, meaning, accepts, variable);
    }

    // ---- the kinds of value; each factory states the range it accepts ----

    public static Setting integer(Part part, String name, long min, long max, long smoke, String unit, String meaning) {
        return new Setting(
                name,
                part,
                unit,
                "an integer in [" + min + ", " + max + "]",
                Long.toString(smoke),
                Long.toString(smoke),
                meaning,
                v -> Values.integerIn(v, min, max),
                "");
    }

    /** The longest duration any setting takes: a day. */
    public static final int MAX_SECONDS = 86_400;

    /** A duration in seconds of a run's phase, from {@code min} to a day, with its default at smoke and at full. */
    public static Setting seconds(Part part, String name, long min, long smoke, String full, String meaning) {
        return integer(part, name, min, MAX_SECONDS, smoke, "s", meaning).full(full);
    }

    public static Setting decimal(
            Part part, String name, double min, double max, double smoke, String unit, String meaning) {
        return new Setting(
                name,
                part,
                unit,
                "a number in [" + Values.plain(min) + ", " + Values.plain(max) + "]",
                Values.plain(smoke),
                Values.plain(smoke),
                meaning,
                v -> Values.decimalIn(v, min, max),
                "");
    }

    public static Setting bool(Part part, String name, boolean smoke, String meaning) {
        return new Setting(
                name,
                part,
                "",
                "true or false",
                Boolean.toString(smoke),
                Boolean.toString(smoke),
                meaning,
                v -> v.equals("true") || v.equals("false"),
                "");
    }

    public static Setting oneOf(Part part, String name, List<String> options, String smoke, String meaning) {
        return new Setting(
                name, part, "", "one of " + String.join("|", options), smoke, smoke, meaning, options::contains, "");
    }

    /** A comma-separated, non-empty subset of the options, in any order. */
    public static Setting someOf(Part part, String name, List<String> options, String smoke, String meaning) {
        return new Setting(
                name,
                part,
                "",
                "a comma-separated list of " + String.join("|", options),
                smoke,
                smoke,
                meaning,
                v -> Values.items(v).stream().allMatch(options::contains),
                "");
    }

    /**
     * The highest tier a tool's JVM compiles to ({@code -XX:TieredStopAtLevel}): 1, C1 alone, at smoke scale, where a
     * run lasts seconds and C2's compiling takes the CPU the server beside it needs; 4, the JVM's default, at full
     * scale, where a run lasts minutes and C2's code pays (docs/benchmarks.md, the plain runs), and where a team's own
     * experiment runs (dev.loadlab.steps.OwnScenarios#jitTiers).
     */
    public static Setting jitTier(Part part, String name, String whichJvm) {
        return integer(
                        part,
                        name,
                        1,
                        4,
                        1,
                        "",
                        "the highest tier the JIT of " + whichJvm
                                + " compiles to (-XX:TieredStopAtLevel): 1, C1 alone, for"
                                + " runs of seconds; 4, the JVM's default with C2, for runs of minutes (full scale, and"
                                + " by default where the build runs a team's own experiment)")
                .full("4");
    }

    /** A comma-separated, non-empty list of integers in [min, max]. */
    public static Setting integers(
            Part part, String name, long min, long max, String smoke, String unit, String meaning) {
        return new Setting(
                name,
                part,
                unit,
                "a comma-separated list of integers in [" + min + ", " + max + "]",
                smoke,
                smoke,
                meaning,
                v -> !v.isEmpty() && Values.items(v).stream().allMatch(i -> Values.integerIn(i, min, max)),
                "");
    }

    /** Free text checked by {@code accepts}, described by {@code allowed}. */
    public static Setting text(
            Part part,
            String name,
            String allowed,
            Predicate<String> accepts,
            String smoke,
            String unit,
            String meaning) {
        return new Setting(name, part, unit, allowed, smoke, smoke, meaning, accepts, "");
    }

    /** A PEM certificate's file; empty by default. */
    public static Setting pemFile(Part part, String name, String meaning) {
        return text(part, name, "a PEM file", v -> true, "", "path", meaning);
    }

    /** Folders, comma-separated, each what {@code eachIs} says; empty by default. */
    public static Setting folders(Part part, String name, String eachIs, String meaning) {
        return text(
                part,
                name,
                "a comma-separated list of folders (each " + eachIs + "), or empty",
                v -> Values.items(v).stream().noneMatch(String::isBlank),
                "",
                "paths",
                meaning);
    }

    /** An absolute http(s) URL with a host and no query; empty where {@code smoke} is empty. */
    public static Setting url(Part part, String name, String smoke, String meaning) {
        return text(
                part,
                name,
                "an absolute http:// or https:// URL such as http://127.0.0.1:8080",
                Values::isHttpUrl,
                smoke,
                "URL",
                meaning);
    }

    /** A URL path that starts with a slash. */
    public static Setting path(Part part, String name, String smoke, String meaning) {
        return text(part, name, "a URL path starting with /", Values::isUrlPath, smoke, "path", meaning);
    }
}
