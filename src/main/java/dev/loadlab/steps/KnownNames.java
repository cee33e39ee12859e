package dev.loadlab.steps;

import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A {@code -D} that looks like one of ours but names no setting is a typo that would otherwise be ignored silently,
 * and a run with the wrong load would follow. Names under the catalogue's own prefixes must be known.
 */
final class KnownNames {
    private KnownNames() {}

    /**
     * First segments that only loadlab uses (jmeter.* and target.* are shared with the tools, so only part of them;
     * gatling.* is Gatling's own configuration too, -Dgatling.charting.indicators.percentile1=90, so it is not here).
     */
    private static final Set<String> OURS = Set.of(
            "api",
            "latency",
            "calibration",
            "injector",
            "outside",
            "gateway",
            "odata",
            "assert",
            "bulk",
            "server",
            "faults",
            "gate",
            "report",
            "run",
            "jmeter.config1",
            "jmeter.config2",
            "jmeter.stress");
    /** Names of earlier versions, and what replaced them. */
    private static final Map<String, String> RENAMED = Map.of(
            "profile",
            "api.profile or latency.variants",
            "api.users",
            "api.ramp.users, api.ramp500.users or api.saturate.users",
            "api.rampSeconds",
            "api.ramp.rampSeconds or api.ramp500.rampSeconds",
            "api.durationSeconds",
            "api.ramp.durationSeconds, api.ramp500.durationSeconds or api.saturate.durationSeconds",
            "api.warmupSeconds",
            "api.saturate.warmupSeconds",
            "jmeter.path",
            "api.path",
            "latency.profile",
            "latency.variants (plain,keepalive: both in one run)",
            "report.gatewayMaxErrorPct",
            "gateway.maxErrorPct (the simulation's criteria judge each step; the report shows its verdicts)",
            "report.gatewayMaxOverheadMs",
            "gateway.maxP95OverheadMs (the simulation's criteria judge each step; the report shows its verdicts)",
            "jmeter.maxErrorPercent",
            "gate.maxErrorPct or gate.limits (the gate's limits per scenario row; a stress run's errors are its purpose)");

    static List<String> unknown(Settings settings, Set<String> givenNames) {
        Set<String> known = Catalogue.ALL.stream().map(Setting::name).collect(Collectors.toSet());
        List<String> lines = new ArrayList<>();
        for (String name : givenNames.stream()
                .filter(n -> RENAMED.containsKey(n) || n.startsWith("stress."))
                .sorted()
                .toList()) {
            lines.add(settings.asGiven(name) + " is not allowed: it was renamed; expected "
                    + RENAMED.getOrDefault(name, "api." + name + " (Gatling) or jmeter." + name + " (JMeter)"));
        }
        for (String prefix : OURS) {
            for (String name : settings.unknown(prefix + ".")) {
                if (!RENAMED.containsKey(name)) {
                    lines.add(settings.asGiven(name)
                            + " is not allowed: expected a setting of docs/properties.md, e.g. " + near(name, known));
                }
            }
        }
        return lines;
    }

    /**
     * A team's settings file holds settings only: a name in it that is neither the catalogue's nor one of
     * {@code declared} (what the team's experiments declare) is a typo, whatever its prefix.
     */
    static List<String> unknownInFile(Settings settings, Set<String> declared) {
        Set<String> known = Catalogue.ALL.stream().map(Setting::name).collect(Collectors.toSet());
        return settings.fromFile().stream()
                .filter(n -> !known.contains(n) && !declared.contains(n) && !RENAMED.containsKey(n))
                .filter(n -> OURS.stream().noneMatch(p -> n.startsWith(p + "."))) // those are named above
                .map(n -> settings.asGiven(n) + " is not allowed: expected a setting of docs/properties.md or one your"
                        + " experiments declare (src/test/resources/loadlab/<experiment>.properties)")
                .toList();
    }

    /** The known names of the same prefix, for the error line. */
    private static String near(String name, Set<String> known) {
        String prefix = name.substring(0, name.lastIndexOf('.') + 1);
        return known.stream()
                .filter(k -> k.startsWith(prefix))
                .sorted()
                .limit(8)
                .collect(Collectors.joining(", "));
    }
}
