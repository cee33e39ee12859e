package dev.loadlab.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * reports/compare.html: the runs kept under reports/runs/ side by side. "The runs" first (what each was run against
 * and with), then one section per experiment ({@link CompareSections}), each table with a group of columns per run
 * and Chart.js bar charts with the runs' bars side by side. One file, scripts inline: it opens offline.
 */
final class ComparePage {
    private static final String CSS = "body{font-family:sans-serif;margin:1.5em;color:#222}"
            + "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:12px}th,td{border:1px solid #ccc;padding:2px 6px}"
            + "th{background:#eee}th.run{background:#dde3f0}td.n{text-align:right}td.first{border-left:2px solid #889}"
            + ".missing{background:#fff3cd;border:1px solid #e0c36c;padding:.5em 1em}"
            + "section{margin-bottom:2em;overflow-x:auto}h2{border-bottom:2px solid #336}"
            + "div.chart{position:relative;max-width:1100px;margin:.5em 0 1em;border:1px solid #ddd}";

    private ComparePage() {}

    static String render(ComparedRuns compared, List<CompareSections.Section> sections) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>loadlab: runs compared</title><style>" + CSS + "</style></head><body>"
                + "<h1>loadlab: runs compared</h1>\n<p><a href=\"index.html\">The latest run's report</a>. Hover a"
                + " chart for its values; click a legend entry to switch that series off or on.</p>\n");
        if (!compared.problems().isEmpty()) {
            StringBuilder list = new StringBuilder(
                    "<div class=\"missing\"><strong>Runs that cannot be compared</strong>" + " (the others are):<ul>");
            compared.problems()
                    .forEach(m -> list.append("<li>").append(Html.esc(m)).append("</li>"));
            page.append(Html.section(
                    "problems", "Left out", list.append("</ul></div>").toString()));
        }
        page.append(Html.section("runs", "The runs", runs(compared.runs())));
        page.append(changes(compared.runs()));
        List<ChartJs.Spec> charts = new ArrayList<>();
        for (CompareSections.Section section : sections) {
            page.append(section(section, compared.runs(), charts));
        }
        return page.append(ChartJs.scripts(charts)).append("</body></html>\n").toString();
    }

    /** The last run against the first, figure by figure (Changes); nothing for a single run. */
    private static String changes(List<ComparedRuns.Run> runs) {
        if (runs.size() < 2) {
            return "";
        }
        ComparedRuns.Run first = runs.get(0);
        ComparedRuns.Run last = runs.get(runs.size() - 1);
        Changes.Noise noise = Changes.noise(first.summary(), last.summary());
        return Changes.html(first.label(), last.label(), noise, Changes.of(first.summary(), last.summary(), noise));
    }

    private static String section(
            CompareSections.Section section, List<ComparedRuns.Run> runs, List<ChartJs.Spec> charts) {
        StringBuilder body = new StringBuilder();
        for (Comparison<?> comparison : section.comparisons()) {
            CompareTable.Rendered rendered = CompareTable.render(section.experiment(), comparison, runs);
            body.append(rendered.html());
            charts.addAll(rendered.charts());
        }
        if (body.length() == 0) {
            if (section.experiment().equals(CompareSections.OTHER)) {
                return ""; // most runs have no plan of their own: no empty section for them
            }
            body.append(Html.p("No compared run has results of this experiment."));
        }
        return Html.section("compare-" + section.experiment(), section.title(), body.toString());
    }

    private static String runs(List<ComparedRuns.Run> runs) {
        if (runs.isEmpty()) {
            return Html.p("No run to compare: each mvn verify keeps one under reports/runs/.");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (ComparedRuns.Run r : runs) {
            Summary.Run run = r.summary().run();
            rows.add(Arrays.asList(
                    r.label(),
                    run.date(),
                    run.gitCommit(),
                    run.profile(),
                    run.targetUrl(),
                    run.experiments() == null
                            ? "all (from before -Dexperiments)"
                            : String.join(", ", run.experiments()),
                    run.jvm(),
                    run.cores()));
        }
        return Html.table(
                "runs",
                List.of("label", "date", "git commit", "scale", "target URL", "experiments", "JVM", "cores"),
                rows);
    }
}
