package dev.loadlab.report.index;

import dev.loadlab.report.compare.Changes;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.studies.Studies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * {@code reports/summary.md}, written by every run for a CI step summary, a pull-request comment or a chat message:
 * the gate's verdict and what failed, each experiment's finding, one line per experiment, tool and wire, the machine's
 * worst stall, and what changed against a baseline when the build was given one ({@code -Dbaseline}).
 */
public final class SummaryMarkdown {
    /** How many failed checks the verdict lists; the rest are counted (index.html and the gate's XML hold them all). */
    static final int FAILED_LISTED = 20;

    private SummaryMarkdown() {}

    /** {@code checks}: the gate's, null when there is no verdict; {@code baseline}: the run compared with, if any. */
    public static String render(Summary s, List<Check> checks, Optional<Summary> baseline) {
        StringBuilder md =
                new StringBuilder("## loadlab: ").append(s.run().label()).append("\n\n");
        verdict(md, s, checks);
        List<Page.Finding> findings = IndexPage.findings(s);
        if (!findings.isEmpty()) {
            md.append("\n### Findings\n\n");
            findings.forEach(f -> md.append("- **")
                    .append(f.experiment())
                    .append("**: ")
                    .append(f.text())
                    .append('\n'));
        }
        md.append("\n### Experiments\n\n");
        md.append("| experiment | tool | wire | runs | samples | req/s | error % | worst p95 ms | worst p99 ms |\n");
        md.append("|---|---|---|---:|---:|---:|---:|---:|---:|\n");
        lines(s).forEach(
                        line -> md.append("| ").append(String.join(" | ", line)).append(" |\n"));
        stalls(s.stalls()).ifPresent(line -> md.append('\n').append(line).append('\n'));
        if (!s.missing().isEmpty()) {
            md.append("\n").append(s.missing().size()).append(" missing or broken inputs (index.html lists them).\n");
        }
        baseline.ifPresent(b -> {
            Changes.Noise noise = Studies.noise(b, s);
            md.append('\n').append(Changes.markdown(b.run().label(), s.run().label(), noise, Changes.of(b, s, noise)));
        });
        return md.toString();
    }

    private static void verdict(StringBuilder md, Summary s, List<Check> checks) {
        if (checks == null) {
            md.append("**No verdict**: the gate could not read this run (index.html says why).\n");
            return;
        }
        List<Check> failed = checks.stream().filter(c -> !c.passed()).toList();
        md.append(failed.isEmpty() ? "**Passed**: " : "**Failed**: " + failed.size() + " of ")
                .append(checks.size())
                .append(" checks on ")
                .append(s.scenarios().size())
                .append(" scenario rows; experiments: ")
                .append(String.join(", ", s.run().experiments()))
                .append(
                        s.run().experimentsLeftOut().isEmpty()
                                ? ""
                                : " (left out: " + String.join(", ", s.run().experimentsLeftOut()) + ")")
                .append(".\n");
        if (!failed.isEmpty()) {
            md.append("\n| check | scenario | figure | now | limit |\n|---|---|---|---:|---|\n");
            failed.stream()
                    .limit(FAILED_LISTED)
                    .forEach(c -> md.append("| ")
                            .append(String.join(
                                    " | ", c.kind(), c.scenario(), c.figure(), c.now(), cell(c.limit(), c.baseline())))
                            .append(" |\n"));
            if (failed.size() > FAILED_LISTED) {
                md.append("\n").append(failed.size() - FAILED_LISTED).append(" more failed checks in index.html.\n");
            }
        }
    }

    private static String cell(String limit, String baseline) {
        return (limit + (baseline == null || baseline.isEmpty() ? "" : " (reference " + baseline + ")"))
                .replace("|", "\\|");
    }

    /** One line per experiment, tool and wire, from each run's total row (Gatling's all requests, JMeter's all samples). */
    static List<List<String>> lines(Summary s) {
        Map<String, List<Summary.Row>> groups = new LinkedHashMap<>();
        for (Summary.Row r : s.scenarios()) {
            if (r.wholeRun()) {
                groups.computeIfAbsent(r.belongsTo() + "\t" + r.tool() + "\t" + r.protocol(), k -> new ArrayList<>())
                        .add(r);
            }
        }
        List<List<String>> lines = new ArrayList<>();
        groups.forEach((key, rows) -> {
            List<String> line = new ArrayList<>(List.of(key.split("\t", -1)));
            long samples = rows.stream().mapToLong(Summary.Row::samples).sum();
            double errors =
                    rows.stream().mapToDouble(r -> r.samples() * r.errorPct()).sum();
            line.add(Integer.toString(rows.size()));
            line.add(Long.toString(samples));
            line.add(fmt(sum(rows, Summary.Row::throughputPerSec)));
            line.add(fmt(samples == 0 ? 0 : errors / samples));
            line.add(Long.toString(
                    rows.stream().mapToLong(Summary.Row::p95Ms).max().orElse(0)));
            line.add(Long.toString(
                    rows.stream().mapToLong(Summary.Row::p99Ms).max().orElse(0)));
            lines.add(line);
        });
        return lines;
    }

    private static double sum(List<Summary.Row> rows, ToDoubleFunction<Summary.Row> figure) {
        return rows.stream().mapToDouble(figure).sum();
    }

    /** The worst stall of any run, in the generator's JVM and in the server's; empty where none was measured. */
    static Optional<String> stalls(List<RunStalls> runs) {
        Optional<RunStalls> generator = worst(runs, RunStalls::generator);
        Optional<RunStalls> server = worst(runs, RunStalls::server);
        if (generator.isEmpty() && server.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        generator.ifPresent(r -> parts.add("load generator " + fmt(r.generator().p99Ms()) + " ms p99, "
                + fmt(r.generator().maxMs()) + " ms max (" + r.key() + ")"));
        server.ifPresent(r -> parts.add("server " + fmt(r.server().p99Ms()) + " ms p99, "
                + fmt(r.server().maxMs()) + " ms max (" + r.key() + ")"));
        return Optional.of("Machine stalls, the worst run's: " + String.join("; ", parts) + ".");
    }

    private static Optional<RunStalls> worst(List<RunStalls> runs, java.util.function.Function<RunStalls, Stall> side) {
        return runs.stream()
                .filter(r -> side.apply(r) != null)
                .max(java.util.Comparator.comparingDouble(r -> side.apply(r).p99Ms()));
    }

    private static String fmt(double d) {
        return Check.fmt(d); // the gate's own figures read alike here
    }
}
