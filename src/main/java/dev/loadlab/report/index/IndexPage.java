package dev.loadlab.report.index;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.live.LiveState;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.NativeReport;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Templates;
import dev.loadlab.studies.Studies;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * index.html: one self-contained page (inline style, charts and script, no network), written from the summary by the
 * page templates. Its first screen answers "did it pass, and what did we find?": the gate's verdict, one headline per
 * experiment, the contents; then every section, each folding, its tables sorting and filtering in the page.
 */
public final class IndexPage {
    private IndexPage() {}

    /** A page of a summary whose gate was not run (tests of single sections). */
    public static String render(Summary s, int keptRuns) {
        return render(s, keptRuns, null);
    }

    /**
     * keptRuns: how many runs reports/runs/ holds, this one included (compare.html sets them side by side); checks:
     * the gate's on this summary (GateMain#checks), null where the gate was not run.
     */
    public static String render(Summary s, int keptRuns, List<Check> checks) {
        return render(s, keptRuns, checks, null);
    }

    /** As above, with the build's timeline as its live page read it (null: none, as in a merge of jobs). */
    public static String render(Summary s, int keptRuns, List<Check> checks, LiveState.View timeline) {
        return Templates.page(model(s, keptRuns, checks, timeline));
    }

    static Page model(Summary s, int keptRuns, List<Check> checks) {
        return model(s, keptRuns, checks, null);
    }

    static Page model(Summary s, int keptRuns, List<Check> checks, LiveState.View timeline) {
        return new Page(
                "loadlab report",
                List.of(Block.linked(
                        "Compare runs:",
                        keptRuns + (keptRuns == 1 ? " run" : " runs") + " in reports/runs/",
                        "compare.html")),
                checks == null ? null : Verdict.of(checks),
                findings(s),
                sections(s, timeline));
    }

    private static List<Section> sections(Summary s, LiveState.View timeline) {
        List<Section> out = Stream.of(
                        run(s.run()),
                        s.missing().isEmpty()
                                ? null
                                : Section.of(
                                        "missing",
                                        "Missing results",
                                        Block.notice(
                                                "Missing or broken inputs (the sections they feed are incomplete):",
                                                s.missing())),
                        Section.of("summary", "Summary (API-gateway study's columns)", summaryTable(s.scenarios())),
                        ReachSection.render(s.targets()),
                        GeneratorSection.render(s.generators()),
                        StallSection.render(s.stalls()),
                        ProtocolPairs.section(s.scenarios(), s.run().wiresLeftOut()),
                        OverTimeSection.render(s.timelines()),
                        BuildTimelineSection.render(timeline),
                        ErrorSections.byKind(s.scenarios()),
                        ErrorSections.overTime(s.timelines()),
                        JmeterOverviewSection.render(s.jmeterSamples(), s.run().serverStartupMs()))
                .filter(Objects::nonNull)
                .collect(Collectors.toCollection(ArrayList::new));
        // each experiment that ran, in its own terms; one left out has no section
        Studies.ran(s.run().experiments()).forEach(study -> out.addAll(study.sections(s)));
        out.add(Section.of("native", "Each tool's own report", links(s.nativeReports())));
        return out;
    }

    /** One headline per experiment that ran, in the order of the run: its study's finding, linking to its figures. */
    static List<Page.Finding> findings(Summary s) {
        List<Page.Finding> out = new ArrayList<>();
        for (String experiment : s.run().experiments()) {
            Studies.of(experiment).finding(s, experiment).ifPresent(out::add);
        }
        return out;
    }

    private static Section run(Summary.Run r) {
        List<List<Object>> rows = new ArrayList<>();
        rows.add(List.of("date", r.date()));
        rows.add(List.of("git commit", r.gitCommit()));
        rows.add(List.of("profile (scale)", r.profile()));
        rows.add(List.of("target URL", r.targetUrl()));
        rows.add(List.of("target TLS URL", r.targetTlsUrl()));
        rows.add(List.of("experiments run", String.join(", ", r.experiments())));
        rows.add(List.of(
                "experiments left out",
                r.experimentsLeftOut().isEmpty() ? "none" : String.join(", ", r.experimentsLeftOut())));
        rows.add(List.of("wires left out", r.wiresLeftOut().isEmpty() ? "none" : String.join("; ", r.wiresLeftOut())));
        if (r.runners().size() == 1) {
            rows.add(List.of("host", r.runners().get(0).host()));
        }
        rows.add(List.of("cores", r.cores()));
        rows.add(List.of("JVM", r.jvm()));
        r.toolVersions().forEach((tool, version) -> rows.add(List.of(tool, version)));
        if (r.runners().size() < 2) {
            return Section.of("run", "The run", Block.table("run", List.of(), rows));
        }
        // a merge: each job's rows were measured on its own machine, and its cores and JVM are theirs
        List<List<Object>> runners = r.runners().stream()
                .map(m -> List.<Object>of(m.job(), m.host(), m.cores(), m.jvm(), String.join(", ", m.runs())))
                .toList();
        return Section.of(
                "run",
                "The run",
                Block.table("run", List.of(), rows),
                Block.text("Each job's rows were measured on its own runner (cores above: the smallest of them):"),
                Block.table("runners", List.of("job", "host", "cores", "JVM", "runs (its rows)"), runners));
    }

    /** HTTP/1.1 and HTTP/2 of the same tool, run and scenario on adjacent lines, scenarios in the order of the run. */
    private static List<Block> summaryTable(List<Summary.Row> rows) {
        if (rows.isEmpty()) {
            return List.of(Block.text("No Gatling or JMeter results were found (see Missing results)."));
        }
        Map<String, Integer> firstSeen = new java.util.HashMap<>();
        rows.forEach(r -> firstSeen.putIfAbsent(r.tool() + r.run() + r.scenario(), firstSeen.size()));
        List<Summary.Row> ordered = rows.stream()
                .sorted(Comparator.comparing(Summary.Row::tool)
                        .thenComparing(Summary.Row::run)
                        .thenComparing(r -> firstSeen.get(r.tool() + r.run() + r.scenario()))
                        .thenComparing(Summary.Row::protocol))
                .toList();
        return List.of(
                Block.text("Times in ms; percentiles from full histograms. Gatling records no byte counts (-)."),
                Block.table(
                        "summary",
                        ordered,
                        column("tool", Summary.Row::tool),
                        column("run", Summary.Row::run),
                        column("scenario", Summary.Row::scenario),
                        column("protocol", Summary.Row::protocol),
                        column("samples", Summary.Row::samples),
                        column("average", Summary.Row::avgMs),
                        column("min", Summary.Row::minMs),
                        column("max", Summary.Row::maxMs),
                        column("std dev", Summary.Row::stdDevMs),
                        column("error %", Summary.Row::errorPct),
                        column("throughput/s", Summary.Row::throughputPerSec),
                        column("received KB/s", Summary.Row::receivedKBPerSec),
                        column("sent KB/s", Summary.Row::sentKBPerSec),
                        column("avg bytes", Summary.Row::avgBytes),
                        column("p50", Summary.Row::p50Ms),
                        column("p90", Summary.Row::p90Ms),
                        column("p95", Summary.Row::p95Ms),
                        column("p99", Summary.Row::p99Ms)));
    }

    private static Block links(List<NativeReport> reports) {
        if (reports.isEmpty()) {
            return Block.text("No native report was found.");
        }
        return Block.links(reports.stream()
                .map(r -> new Block.Link(r.tool() + " " + r.protocol() + ": " + r.name(), r.path()))
                .toList());
    }
}
