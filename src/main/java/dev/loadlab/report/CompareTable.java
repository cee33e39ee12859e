package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One {@link Comparison} on the page: its table (a row per key, a group of columns per run) and the specs of its
 * charts, which {@link ChartJs} draws. Both come from the same lines, so a chart never shows what the table does not.
 */
final class CompareTable {
    private CompareTable() {}

    /** The table's HTML, the charts' canvases and their specs; empty when no compared run has a line of it. */
    record Rendered(String html, List<ChartJs.Spec> charts, boolean empty) {}

    static <T> Rendered render(String sectionId, Comparison<T> c, List<ComparedRuns.Run> runs) {
        List<Map<String, T>> byRun =
                runs.stream().map(r -> c.byKey(r.summary())).toList();
        List<String> keys = c.keys(byRun);
        if (keys.isEmpty()) {
            return new Rendered("", List.of(), true);
        }
        List<ChartJs.Spec> specs = new ArrayList<>();
        StringBuilder html =
                new StringBuilder("<h3>").append(Html.esc(c.title())).append("</h3>");
        for (int i = 0; i < c.charts().size(); i++) {
            Comparison.Chart chart = c.charts().get(i);
            ChartJs.Spec spec = spec(sectionId + "-" + c.id() + "-" + i, c, chart, runs, byRun, keys);
            specs.add(spec);
            html.append(ChartJs.canvas(spec));
        }
        html.append(table(c, runs, byRun, keys));
        return new Rendered(html.toString(), specs, false);
    }

    private static <T> ChartJs.Spec spec(
            String id,
            Comparison<T> c,
            Comparison.Chart chart,
            List<ComparedRuns.Run> runs,
            List<Map<String, T>> byRun,
            List<String> keys) {
        List<ChartJs.Dataset> datasets = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            for (int f = 0; f < chart.figures().size(); f++) {
                Comparison.Figure<T> figure = c.figureNamed(chart.figures().get(f));
                List<Number> data = new ArrayList<>();
                for (String key : keys) {
                    data.add(ChartJs.rounded(Comparison.value(byRun.get(r), key, figure)));
                }
                String label = runs.get(r).label() + (chart.figures().size() > 1 ? " " + figure.name() : "");
                datasets.add(new ChartJs.Dataset(
                        label, data, ChartJs.colour(r, f, chart.figures().size())));
            }
        }
        return new ChartJs.Spec(id, chart.title(), chart.unit(), chart.logScale(), keys, datasets);
    }

    private static <T> String table(
            Comparison<T> c, List<ComparedRuns.Run> runs, List<Map<String, T>> byRun, List<String> keys) {
        int group = c.figures().size();
        StringBuilder t = new StringBuilder("<table class=\"compare\"><thead><tr><th rowspan=\"2\">")
                .append(Html.esc(c.keyName()))
                .append("</th>");
        runs.forEach(r -> t.append("<th class=\"run\" colspan=\"")
                .append(group)
                .append("\">")
                .append(Html.esc(r.label()))
                .append("</th>"));
        t.append("</tr><tr>");
        runs.forEach(r -> c.figures()
                .forEach(f -> t.append("<th>").append(Html.esc(f.name())).append("</th>")));
        t.append("</tr></thead><tbody>");
        for (String key : keys) {
            t.append("<tr><td>").append(Html.esc(key)).append("</td>");
            for (int r = 0; r < runs.size(); r++) {
                for (int f = 0; f < group; f++) {
                    Number v = Comparison.value(byRun.get(r), key, c.figures().get(f));
                    t.append(f == 0 ? "<td class=\"n first\">" : "<td class=\"n\">")
                            .append(v == null ? "-" : Html.esc(SvgChart.num(v.doubleValue())))
                            .append("</td>");
                }
            }
            t.append("</tr>");
        }
        return t.append("</tbody></table>").toString();
    }
}
