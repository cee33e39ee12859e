package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.GATLING;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/** Gatling on several injectors: which share of the load this one sends, and when all of them start. */
public final class InjectorKnobs {
    private InjectorKnobs() {}

    private static final Knobs gatling = new Knobs(GATLING);

    public static final Setting INJECTOR = gatling.text(
            "injector",
            "i/N with 1 <= i <= N <= 9999, e.g. 2/3",
            Injector::isForm,
            "1/1",
            "",
            "this injector's index and the number of injectors sharing the load: users and concurrency are split"
                    + " among them, arrival rates divided (1/1: the whole load here)");
    public static final Setting START_AT = gatling.text(
            "injector.startAt",
            "an instant in UTC like 2026-11-23T10:15:00Z, or empty",
            v -> v.isEmpty() || instant(v) != null,
            "",
            "",
            "when the first simulation of each injector starts sending: give every injector the same instant, so that"
                    + " their loads overlap although their builds start apart (empty, or past: at once)");

    public static final List<Setting> ALL = gatling.all();

    /** The instant {@code value} names, or null when it names none. */
    public static Instant instant(String value) {
        try {
            return Instant.parse(value.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
