package dev.loadlab.report.read;

import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.settings.Injector;
import dev.loadlab.settings.StudyCatalogue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Several injectors' runs of one simulation over one wire ({@code -Dinjector=i/N}, named in each log's run
 * description) made into one run: their requests, groups and users on one time line from the earliest start
 * (absolute time = the log's start + the record's ms), so that every figure of the report (percentiles included) is
 * computed from the union of their samples, never from each injector's figures.
 */
final class GatlingInjectors {
    /** One injector's run: where it was read from, its log, and the injector its description names. */
    record Run(Path dir, GatlingLog log, Injector injector) {
        String simulation() {
            return log.simulation();
        }
    }

    /**
     * The injectors' runs of one simulation to merge, in injector order, after the checks; leftOut: runs of another
     * count or a second run of one injector, read nowhere (a line says so).
     */
    record Group(String simulation, int count, List<Run> runs, List<Run> leftOut) {}

    private GatlingInjectors() {}

    /**
     * Groups the runs of several injectors by simulation and checks each group: all of one injector count, each
     * injector once. A run of another count, or a second run of the same injector, is left out of the merge; a missing
     * injector is one line. Runs of one injector alone are not in any group.
     */
    static List<Group> groups(String wireLabel, List<Run> runs, Consumer<String> missing) {
        Map<String, List<Run>> bySimulation = new LinkedHashMap<>();
        runs.stream()
                .filter(r -> r.injector() != null && !r.injector().alone())
                .forEach(r -> bySimulation
                        .computeIfAbsent(r.simulation(), s -> new ArrayList<>())
                        .add(r));
        List<Group> groups = new ArrayList<>();
        bySimulation.forEach((simulation, all) -> {
            String what = simulation + " over " + wireLabel;
            // the count most of them name (the lowest on a tie) is the one the merge is of
            Map<Integer, Long> counts = all.stream()
                    .collect(Collectors.groupingBy(r -> r.injector().count(), TreeMap::new, Collectors.counting()));
            int count = counts.entrySet().stream()
                    .max(Map.Entry.<Integer, Long>comparingByValue()
                            .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                    .orElseThrow()
                    .getKey();
            Map<Integer, Run> byIndex = new TreeMap<>();
            List<Run> leftOut = new ArrayList<>();
            for (Run r : all) {
                if (r.injector().count() != count) {
                    leftOut.add(r);
                    missing.accept(what + ": " + r.dir() + " is of "
                            + r.injector().description() + ", not of " + count + " injectors: left out of the merge");
                } else if (byIndex.containsKey(r.injector().index())) {
                    leftOut.add(r);
                    missing.accept(what + ": " + r.injector().description() + " twice (" + r.dir() + " and "
                            + byIndex.get(r.injector().index()).dir() + "): the second is left out of the merge");
                } else {
                    byIndex.put(r.injector().index(), r);
                }
            }
            List<String> absent = new ArrayList<>();
            // a simulation the first injector runs whole and the others leave out: its run of 1/N is complete alone
            int expected = StudyCatalogue.firstInjectorOnly(simulation) ? 1 : count;
            for (int i = 1; i <= expected; i++) {
                if (!byIndex.containsKey(i)) {
                    absent.add(i + "/" + count);
                }
            }
            if (!absent.isEmpty()) {
                missing.accept(what + ": no run of injector " + String.join(", ", absent) + " (the merged figures are"
                        + " of " + byIndex.size() + " of " + count + " injectors)");
            }
            groups.add(new Group(simulation, count, List.copyOf(byIndex.values()), List.copyOf(leftOut)));
        });
        return groups;
    }

    /**
     * One log of every request, group and user of the given logs, times rebased onto the earliest start; scenarios by
     * name (an injector may have left out one that has no user for it); records in the order they started.
     */
    static GatlingLog merge(List<GatlingLog> logs) {
        long base = logs.stream().mapToLong(GatlingLog::startEpochMs).min().orElseThrow();
        List<String> scenarios = new ArrayList<>();
        List<GatlingLog.Request> requests = new ArrayList<>();
        List<GatlingLog.Group> groups = new ArrayList<>();
        List<GatlingLog.User> users = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (GatlingLog log : logs) {
            int shift = Math.toIntExact(log.startEpochMs() - base);
            for (String s : log.scenarios()) {
                if (!scenarios.contains(s)) {
                    scenarios.add(s);
                }
            }
            for (GatlingLog.Request r : log.requests()) {
                requests.add(new GatlingLog.Request(
                        r.groups(), r.name(), r.startMs() + shift, r.endMs() + shift, r.ok(), r.message()));
            }
            for (GatlingLog.Group g : log.groups()) {
                groups.add(new GatlingLog.Group(
                        g.groups(), g.startMs() + shift, g.endMs() + shift, g.cumulatedMs(), g.ok()));
            }
            for (GatlingLog.User u : log.users()) {
                users.add(new GatlingLog.User(
                        scenarios.indexOf(log.scenarios().get(u.scenario())), u.start(), u.atMs() + shift));
            }
            errors.addAll(log.errors());
        }
        requests.sort(Comparator.comparingInt(GatlingLog.Request::startMs));
        groups.sort(Comparator.comparingInt(GatlingLog.Group::startMs));
        users.sort(Comparator.comparingInt(GatlingLog.User::atMs));
        GatlingLog first = logs.get(0);
        return new GatlingLog(
                first.gatlingVersion(),
                first.simulationClass(),
                base,
                logs.size() + " injectors merged",
                List.copyOf(scenarios),
                List.copyOf(requests),
                List.copyOf(groups),
                List.copyOf(users),
                List.copyOf(errors));
    }

    /** Each injector's own samples (counted from its own log) and the merged total. */
    static LoadGenerators generators(String wireLabel, Group group, GatlingLog merged) {
        List<Generator> parts = new ArrayList<>();
        for (Run r : group.runs()) {
            parts.add(tally(r.log()).build(r.injector().description()));
        }
        return new LoadGenerators(
                "gatling",
                wireLabel,
                group.simulation(),
                "injector",
                group.runs().size(),
                List.copyOf(parts),
                tally(merged).build("total"));
    }

    private static GeneratorTally tally(GatlingLog log) {
        GeneratorTally t = new GeneratorTally();
        log.requests().forEach(r -> t.add(log.startEpochMs() + r.startMs(), r.responseMs(), r.ok()));
        return t;
    }
}
