package dev.loadlab.settings;

import java.util.function.Predicate;

/**
 * One knob of the suite, defined once: its property name (the same in Maven, JMeter, Gatling and every
 * {@code java} entry point), what kind of value it takes and in which range, its defaults at smoke and at full
 * scale, its unit and one line of meaning. {@link #check} is the only place a value is judged; {@link Knobs} makes
 * each kind of value.
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
}
