package dev.loadlab.server;

import static dev.loadlab.settings.FaultKnobs.OUTAGE_AFTER_SECONDS;
import static dev.loadlab.settings.FaultKnobs.OUTAGE_SECONDS;
import static dev.loadlab.settings.FaultKnobs.PATHS;
import static dev.loadlab.settings.FaultKnobs.RESET_RATE;
import static dev.loadlab.settings.FaultKnobs.STALL_MS_SETTING;
import static dev.loadlab.settings.FaultKnobs.STALL_RATE;
import static dev.loadlab.settings.FaultKnobs.STATUSES_SETTING;
import static dev.loadlab.settings.FaultKnobs.STATUS_RATE;

import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The faults the server injects, as one typed record; names, ranges and defaults live in
 * {@link dev.loadlab.settings.FaultKnobs}. One draw per request picks at most one fault, so the three rates share
 * one request and may add up to 1 at most.
 */
public record FaultSettings(
        double statusRate,
        List<Integer> statuses,
        double resetRate,
        double stallRate,
        int stallMs,
        int outageAfterSeconds,
        int outageSeconds,
        List<String> paths) {

    public static final String PREFIX = "faults.";
    public static final FaultSettings OFF = of(Map.of());

    public FaultSettings {
        statuses = List.copyOf(statuses);
        paths = List.copyOf(paths);
        if (statusRate + resetRate + stallRate > 1 + 1e-9) {
            throw new SettingError(STATUS_RATE.name() + " + " + RESET_RATE.name() + " + " + STALL_RATE.name() + " = "
                    + (statusRate + resetRate + stallRate) + " is not allowed: expected at most 1 (one fault a"
                    + " request)");
        }
    }

    public static FaultSettings from(Settings s) {
        List<String> unknown = s.unknown(PREFIX);
        if (!unknown.isEmpty()) {
            throw new SettingError("-D" + unknown.get(0) + " is not allowed: expected one of " + knownNames());
        }
        String paths = s.get(PATHS);
        return new FaultSettings(
                s.decimal(STATUS_RATE),
                s.integers(STATUSES_SETTING),
                s.decimal(RESET_RATE),
                s.decimal(STALL_RATE),
                s.integer(STALL_MS_SETTING),
                s.integer(OUTAGE_AFTER_SECONDS),
                s.integer(OUTAGE_SECONDS),
                paths.isEmpty() ? List.of() : s.items(PATHS));
    }

    /** For tests and the admin port: the given values over the defaults. */
    static FaultSettings of(Map<String, String> values) {
        return from(Settings.of(values));
    }

    /** Any fault drawn per request at all (the outage is a timer, not a draw). */
    boolean drawsFaults() {
        return statusRate > 0 || resetRate > 0 || stallRate > 0;
    }

    /** Whether a counted route under this path may fault. */
    boolean covers(String path) {
        if (paths.isEmpty()) {
            return true;
        }
        for (String prefix : paths) {
            if (path.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /** Every fault setting by its full name, as text: what a fork or the admin port is given. */
    public Map<String, String> asProperties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(STATUS_RATE.name(), Double.toString(statusRate));
        p.put(STATUSES_SETTING.name(), statuses.stream().map(String::valueOf).collect(Collectors.joining(",")));
        p.put(RESET_RATE.name(), Double.toString(resetRate));
        p.put(STALL_RATE.name(), Double.toString(stallRate));
        p.put(STALL_MS_SETTING.name(), Integer.toString(stallMs));
        p.put(OUTAGE_AFTER_SECONDS.name(), Integer.toString(outageAfterSeconds));
        p.put(OUTAGE_SECONDS.name(), Integer.toString(outageSeconds));
        p.put(PATHS.name(), String.join(",", paths));
        return p;
    }

    static String knownNames() {
        return Catalogue.ALL.stream()
                .map(Setting::name)
                .filter(n -> n.startsWith(PREFIX))
                .sorted()
                .collect(Collectors.joining(", "));
    }
}
