package dev.loadlab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * index.html: one self-contained page (inline CSS, SVG and script, no network), rendered from the summary. Its first
 * screen answers "did it pass, and what did we find?": the gate's verdict, one headline per experiment, the contents;
 * then every section, each folding, its tables sorting and filtering in the page (tables.js).
 */
final class HtmlReport {
    private static final String CSS = "body{font-family:sans-serif;margin:1.5em;color:#222}"
            + ".verdict{padding:.6em 1em;margin:.5em 0 1em;border:1px solid}.passed{background:#e6f4ea;border-color:#5a9}"
            + ".failed{background:#fde8e8;border-color:#c55}#contents ul{columns:3;font-size:13px}"
            + "summary h2{display:inline}summary{cursor:pointer}input.filter{margin:.3em 0;width:24em}"
            + "th[data-sort=ascending]::after{content:' \\25B2'}th[data-sort=descending]::after{content:' \\25BC'}"
            + "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:12px}th,td{border:1px solid #ccc;padding:2px 6px}"
            + "th{background:#eee}td.n{text-align:right}.missing{background:#fff3cd;border:1px solid #e0c36c;padding:.5em 1em}"
            + "section{margin-bottom:2em;overflow-x:auto}svg.chart{border:1px solid #ddd;margin:.3em .3em .3em 0}h2{border-bottom:2px solid #336}";

    private HtmlReport() {}

    /** A page of a summary whose gate was not run (tests of single sections). */
    static String render(Summary s, int keptRuns) {
        return render(s, keptRuns, null);
    }

    /**
     * keptRuns: how many runs reports/runs/ holds, this one included (compare.html sets them side by side); checks:
     * the gate's on this summary (GateMain#checks), null where the gate was not run.
     */
    static String render(Summary s, int keptRuns, List<Gate.Check> checks) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>loadlab report</title><style>" + CSS + "</style></head><body><h1>loadlab report</h1>\n");
        if (checks != null) {
            page.append(Verdict.render(checks));
        }
        page.append(Findings.render(s));
        String sections = sections(s, keptRuns);
        page.append(Html.contents(sections));
        page.append(sections);
        return page.append("<script>")
                .append(TABLES_JS)
                .append("</script></body></html>\n")
                .toString();
    }

    private static final String TABLES_JS = resource("tables.js");

    private static String resource(String name) {
        try (java.io.InputStream in = HtmlReport.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException | NullPointerException e) {
            throw new IllegalStateException("the report's " + name + " is missing from the jar", e);
        }
    }

    private static String sections(Summary s, int keptRuns) {
        StringBuilder page = new StringBuilder();
        page.append("<p class=\"compare\">Compare runs: <a href=\"compare.html\">")
                .append(keptRuns)
                .append(keptRuns == 1 ? " run" : " runs")
                .append(" in reports/runs/</a></p>\n");
        page.append(run(s.run()));
        if (!s.missing().isEmpty()) {
            StringBuilder list = new StringBuilder("<div class=\"missing\"><strong>Missing or broken inputs</strong> "
                    + "(the sections they feed are incomplete):<ul>");
            s.missing().forEach(m -> list.append("<li>").append(Html.esc(m)).append("</li>"));
            page.append(Html.section(
                    "missing", "Missing results", list.append("</ul></div>").toString()));
        }
        page.append(Html.section("summary", "Summary (API-gateway study's columns)", summaryTable(s.scenarios())));
        page.append(GeneratorSection.render(s.generators()));
        page.append(ProtocolPairs.section(s.scenarios(), s.run().wiresLeftOut()));
        page.append(ErrorSections.byKind(s.scenarios()));
        page.append(ErrorSections.overTime(s.errorsOverTime()));
        page.append(ErrorSections.stressRuns(s.stressStops()));
        page.append(StudySections.writeStrategies(s.writeStrategies()));
        page.append(StudySections.gateway(s.gatewaySteps(), s.gatewayKnees()));
        page.append(ToolSummarySections.apacheBench(s.abRuns()));
        page.append(
                ToolSummarySections.jmeterOverview(s.jmeterSamples(), s.run().serverStartupMs()));
        page.append(ToolSummarySections.bulk(s.bulk()));
        page.append(CalibrationSection.render(s.calibration()));
        page.append(OwnRequestsSection.render(s.ownRequests()));
        page.append(Html.section("native", "Each tool's own report", links(s.nativeReports())));
        return page.toString();
    }

    private static String run(Summary.Run r) {
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
        rows.add(List.of("cores", r.cores()));
        rows.add(List.of("JVM", r.jvm()));
        r.toolVersions().forEach((tool, version) -> rows.add(List.of(tool, version)));
        return Html.section("run", "The run", Html.table("run", List.of(), rows));
    }

    /** HTTP/1.1 and HTTP/2 of the same tool, run and scenario on adjacent lines, scenarios in the order of the run. */
    private static String summaryTable(List<Summary.Row> rows) {
        List<List<Object>> body = new ArrayList<>();
        Map<String, Integer> firstSeen = new java.util.HashMap<>();
        rows.forEach(r -> firstSeen.putIfAbsent(r.tool() + r.run() + r.scenario(), firstSeen.size()));
        rows.stream()
                .sorted(Comparator.comparing(Summary.Row::tool)
                        .thenComparing(Summary.Row::run)
                        .thenComparing(r -> firstSeen.get(r.tool() + r.run() + r.scenario()))
                        .thenComparing(Summary.Row::protocol))
                .forEach(r -> body.add(java.util.Arrays.asList(
                        r.tool(),
                        r.run(),
                        r.scenario(),
                        r.protocol(),
                        r.samples(),
                        r.avgMs(),
                        r.minMs(),
                        r.maxMs(),
                        r.stdDevMs(),
                        r.errorPct(),
                        r.throughputPerSec(),
                        r.receivedKBPerSec(),
                        r.sentKBPerSec(),
                        r.avgBytes(),
                        r.p50Ms(),
                        r.p90Ms(),
                        r.p95Ms(),
                        r.p99Ms())));
        if (body.isEmpty()) {
            return Html.p("No Gatling or JMeter results were found (see Missing results).");
        }
        return Html.p("Times in ms; percentiles from full histograms. Gatling records no byte counts (-).")
                + Html.table(
                        "summary",
                        List.of(
                                "tool",
                                "run",
                                "scenario",
                                "protocol",
                                "samples",
                                "average",
                                "min",
                                "max",
                                "std dev",
                                "error %",
                                "throughput/s",
                                "received KB/s",
                                "sent KB/s",
                                "avg bytes",
                                "p50",
                                "p90",
                                "p95",
                                "p99"),
                        body);
    }

    private static String links(List<Summary.NativeReport> reports) {
        if (reports.isEmpty()) {
            return Html.p("No native report was found.");
        }
        StringBuilder ul = new StringBuilder("<ul>");
        reports.forEach(r -> ul.append("<li><a href=\"")
                .append(Html.esc(r.path()))
                .append("\">")
                .append(Html.esc(r.tool()))
                .append(' ')
                .append(Html.esc(r.protocol()))
                .append(": ")
                .append(Html.esc(r.name()))
                .append("</a></li>"));
        return ul.append("</ul>").toString();
    }
}
