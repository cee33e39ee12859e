package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Spread;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.shared.Repeats;
import dev.loadlab.studies.Studies;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The gate's checks on a summary: limits per scenario, and regressions against an earlier summary. */
public final class Gate {
    private static final int MAX_KINDS_NAMED = 3;
    /** The kind of the checks against -Dbaseline: what a merge of jobs judges anew (dev.loadlab.report.jobs). */
    public static final String BASELINE = "baseline";

    private Gate() {}

    public static List<Check> limits(Summary summary, GateSettings settings) {
        List<Check> checks = new ArrayList<>();
        List<Summary.Row> past = Studies.passedOver(summary).stream()
                .flatMap(p -> p.rows().stream())
                .toList();
        for (Summary.Row r : summary.scenarios()) {
            if (past.stream().anyMatch(p -> p == r)) {
                continue; // fails by design, and its study says why (the gateway search's answer is its knee)
            }
            // a Gatling row's key names its simulation class: its experiment's name is matched too, so that one
            // entry (checkout:p95Ms=300) holds both tools' rows of an experiment
            GateSettings.Limit limit = settings.limitFor(r.key() + " " + r.belongsTo());
            checks.add(new Check(
                    "limit",
                    r.key(),
                    "error %",
                    "",
                    Check.fmt(r.errorPct()) + kinds(r.errorsByKind()),
                    "<= " + Check.fmt(limit.maxErrorPct()),
                    r.errorPct() <= limit.maxErrorPct()));
            checks.add(new Check(
                    "limit",
                    r.key(),
                    "p95 ms",
                    "",
                    String.valueOf(r.p95Ms()),
                    "<= " + limit.maxP95Ms(),
                    r.p95Ms() <= limit.maxP95Ms()));
            limit.more().forEach((figure, bound) -> checks.add(sla(r, figure, bound)));
        }
        return checks;
    }

    /**
     * Answers that are not the answer (a GraphQL error, a payload not whole: dev.loadlab.shared.Answers), one failed
     * check per row and kind, on every row, those a study's design passes over too: such an answer measures nothing
     * of the target's capacity, and a step of them is no step. A run's total row repeats its requests' and is left out.
     */
    public static List<Check> invalidAnswers(Summary summary) {
        List<Check> checks = new ArrayList<>();
        for (Summary.Row r : summary.scenarios()) {
            if (r.wholeRun()) {
                continue;
            }
            r.errorsByKind().forEach((kind, n) -> {
                if (ErrorClassifier.isInvalidAnswer(kind)) {
                    checks.add(new Check(
                            "answer", r.key(), kind, "", n + " of " + r.samples(), "0: the study's answer", false));
                }
            });
        }
        return checks;
    }

    /** One more figure a gate.limits entry bounds on this row: at most, or at least for minRps. */
    private static Check sla(Summary.Row r, String figure, double bound) {
        double value = switch (figure) {
            case "p50Ms" -> r.p50Ms();
            case "p90Ms" -> r.p90Ms();
            case "p99Ms" -> r.p99Ms();
            case "meanMs" -> r.avgMs();
            case "maxMs" -> r.maxMs();
            case "minRps" -> r.throughputPerSec();
            default -> throw new IllegalArgumentException("no such figure: " + figure);
        };
        boolean least = figure.equals("minRps");
        String name = least ? "throughput/s" : figure.replace("Ms", " ms"); // "p99 ms", "mean ms", "max ms"
        return new Check(
                "limit",
                r.key(),
                name,
                "",
                Check.fmt(value),
                (least ? ">= " : "<= ") + Check.fmt(bound),
                least ? value >= bound : value <= bound);
    }

    /**
     * For each run of more than one load generator: its generators' samples, each counted from its own log or samples,
     * add up to the run's total row ("all requests" of Gatling's merged log, "all samples" of JMeter's CSV). A sample
     * lost or counted twice in the merge, or a generator left out of it, fails.
     */
    public static List<Check> generators(Summary summary) {
        Map<String, Summary.Row> totals = new HashMap<>();
        for (Summary.Row r : summary.scenarios()) {
            if (r.wholeRun()) {
                totals.put(r.runKey(), r);
            }
        }
        List<Check> checks = new ArrayList<>();
        for (LoadGenerators g : summary.generators()) {
            long parts = g.parts().stream().mapToLong(Generator::samples).sum();
            Summary.Row total = totals.get(g.key());
            checks.add(new Check(
                    "generators",
                    g.key(),
                    "samples of " + g.parts().size() + " " + g.kind() + "s",
                    "",
                    String.valueOf(parts),
                    total == null ? "a total row (none)" : "== " + total.samples() + " (total row)",
                    total != null && parts == total.samples()));
        }
        return checks;
    }

    /**
     * Rows of both summaries with enough samples in each, compared by tool, protocol, run and scenario. The repeats of
     * one cell (-Drepeats: {@code repeat=2} in a row's name) are compared as one, at their median p95 and throughput,
     * so that a baseline of one run and one of several judge the same cells; the fewest samples of them must be
     * enough.
     */
    public static List<Check> regressions(Summary now, Summary baseline, GateSettings s) {
        Map<String, Cell> before = Cell.of(baseline.scenarios());
        List<Check> checks = new ArrayList<>();
        for (Cell r : Cell.of(now.scenarios()).values()) {
            Cell b = before.get(r.key());
            if (b == null || r.samples() < s.minSamples() || b.samples() < s.minSamples()) {
                continue;
            }
            double rise = r.p95Ms() - b.p95Ms();
            boolean p95Regressed = rise > s.p95RiseMinMs() && r.p95Ms() > b.p95Ms() * (1 + s.p95RisePct() / 100);
            checks.add(new Check(
                    BASELINE,
                    r.name(),
                    "p95 ms",
                    Check.fmt(b.p95Ms()),
                    Check.fmt(r.p95Ms()),
                    "rise <= " + Check.fmt(s.p95RisePct()) + " % or <= " + s.p95RiseMinMs() + " ms",
                    !p95Regressed));
            boolean throughputRegressed =
                    r.throughputPerSec() < b.throughputPerSec() * (1 - s.throughputFallPct() / 100);
            checks.add(new Check(
                    BASELINE,
                    r.name(),
                    "throughput/s",
                    Check.fmt(b.throughputPerSec()),
                    Check.fmt(r.throughputPerSec()),
                    "fall <= " + Check.fmt(s.throughputFallPct()) + " %",
                    !throughputRegressed));
        }
        return checks;
    }

    /** One cell's rows over its repeats: its key without the repeat, its median p95 and throughput, fewest samples. */
    private record Cell(String key, int repeats, double p95Ms, double throughputPerSec, long samples) {
        /** What the check names: the row's key, and over repeats their number. */
        String name() {
            return repeats == 1 ? key : key + " (median of " + repeats + " repeats)";
        }

        static Map<String, Cell> of(List<Summary.Row> rows) {
            Map<String, List<Summary.Row>> byKey = new LinkedHashMap<>();
            rows.forEach(r -> byKey.computeIfAbsent(Repeats.cell(r.key()), k -> new ArrayList<>())
                    .add(r));
            Map<String, Cell> cells = new LinkedHashMap<>();
            byKey.forEach((key, repeats) -> cells.put(
                    key,
                    new Cell(
                            key,
                            repeats.size(),
                            Spread.of(repeats.stream().map(Summary.Row::p95Ms).toList())
                                    .median(),
                            Spread.of(repeats.stream()
                                            .map(Summary.Row::throughputPerSec)
                                            .toList())
                                    .median(),
                            repeats.stream()
                                    .mapToLong(Summary.Row::samples)
                                    .min()
                                    .orElse(0))));
            return cells;
        }
    }

    /**
     * The kinds of a row's errors, most first, for the error % check: a target that died shows as " (connection
     * refused 80)", a pool that gave up as " (HTTP 503 41, timeout 3)".
     */
    static String kinds(Map<String, Long> errorsByKind) {
        if (errorsByKind.isEmpty()) {
            return "";
        }
        List<Map.Entry<String, Long>> most = errorsByKind.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .toList();
        StringBuilder out = new StringBuilder(" (");
        for (int i = 0; i < Math.min(MAX_KINDS_NAMED, most.size()); i++) {
            out.append(i == 0 ? "" : ", ")
                    .append(most.get(i).getKey())
                    .append(' ')
                    .append(most.get(i).getValue());
        }
        return out.append(most.size() > MAX_KINDS_NAMED ? ", ...)" : ")").toString();
    }

    /** The failed checks as a plain table naming each scenario, for the build log. */
    public static String table(List<Check> failed) {
        int width = Math.max(
                8, failed.stream().mapToInt(c -> c.scenario().length()).max().orElse(8));
        StringBuilder t = new StringBuilder(String.format(
                Locale.ROOT,
                "%-9s %-" + width + "s %-13s %12s %12s  %s%n",
                "check",
                "scenario",
                "figure",
                "baseline",
                "now",
                "allowed"));
        for (Check c : failed) {
            t.append(String.format(
                    Locale.ROOT,
                    "%-9s %-" + width + "s %-13s %12s %12s  %s%n",
                    c.kind(),
                    c.scenario(),
                    c.figure(),
                    c.baseline().isEmpty() ? "-" : c.baseline(),
                    c.now(),
                    c.limit()));
        }
        return t.toString();
    }
}
