package dev.loadlab.jmeter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The range of every load setting the plans read with {@code ${__P(name)}}. Maven passes them as
 * {@code -Djmeter.<name>}, so that is the name an error line shows. The defaults live in the pom (smoke scale)
 * and its {@code full} profile (the study's numbers), written once into {@code jmeter/properties/load.properties}.
 */
final class PlanSettings {
    static final String MAVEN_PREFIX = "jmeter.";
    static final long MAX_USERS = 100_000;
    static final long MAX_SECONDS = 86_400;
    /** Iterations per user: -1 repeats until the thread group's duration ends. */
    static final long UNTIL_DURATION = -1;

    record Range(String name, double min, double max, boolean integer, String unit) {
    }

    static final List<Range> RANGES = List.of(
            whole("config1.users", 1, MAX_USERS, "users"),
            whole("config1.rampUpSeconds", 0, MAX_SECONDS, "s"),
            whole("config1.durationSeconds", 1, MAX_SECONDS, "s"),
            whole("config1.iterationsPerUser", UNTIL_DURATION, Integer.MAX_VALUE, "iterations, -1 = until the duration ends"),
            whole("config2.users", 1, MAX_USERS, "users"),
            whole("config2.rampUpSeconds", 0, MAX_SECONDS, "s"),
            whole("config2.durationSeconds", 1, MAX_SECONDS, "s"),
            whole("config2.iterationsPerUser", UNTIL_DURATION, Integer.MAX_VALUE, "iterations, -1 = until the duration ends"),
            whole("stress.maxUsers", 1, MAX_USERS, "users"),
            whole("stress.steps", 1, 1_000, "steps"),
            whole("stress.rampUpSeconds", 1, MAX_SECONDS, "s"),
            whole("stress.holdSeconds", 0, MAX_SECONDS, "s"),
            new Range("stress.errorLimitPercent", 0.001, 100, false, "%"),
            whole("stress.windowSeconds", 1, 3_600, "s"),
            whole("stress.minSamples", 1, Integer.MAX_VALUE, "samples in the window"),
            whole("timeoutMs", RequestSpec.MIN_TIMEOUT_MS, RequestSpec.MAX_TIMEOUT_MS, "ms"));

    private PlanSettings() {
    }

    private static Range whole(String name, long min, long max, String unit) {
        return new Range(name, min, max, true, unit);
    }

    static List<String> check(Path loadProperties) {
        List<String> problems = new ArrayList<>();
        Properties values;
        try {
            values = PlanCheck.load(loadProperties);
        } catch (IOException e) {
            problems.add(loadProperties + ": cannot be read: " + e.getMessage());
            return problems;
        }
        for (Range range : RANGES) {
            String problem = check(range, values.getProperty(range.name()));
            if (problem != null) {
                problems.add(problem);
            }
        }
        return problems;
    }

    /** @return one line naming the setting and its allowed values, or null when the value is fine */
    static String check(Range range, String raw) {
        String value = raw == null ? "" : raw.trim();
        String allowed = "allowed " + format(range.min()) + ".." + format(range.max()) + " (" + range.unit() + ")";
        double number;
        try {
            number = range.integer() ? Long.parseLong(value) : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return MAVEN_PREFIX + range.name() + "=" + value + " is not a " + (range.integer() ? "whole " : "")
                    + "number: " + allowed;
        }
        if (number < range.min() || number > range.max() || Double.isNaN(number)) {
            return MAVEN_PREFIX + range.name() + "=" + value + " is out of range: " + allowed;
        }
        return null;
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
