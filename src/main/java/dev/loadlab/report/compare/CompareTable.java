package dev.loadlab.report.compare;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One {@link Comparison} on the page: its charts (a bar per line and run) and its table (a row per key, a group of
 * columns per run). Both come from the same lines, so a chart never shows what the table does not.
 */
final class CompareTable {
    private CompareTable() {}

    /** Its heading, charts and table; empty when no compared run has a line of it. */
    static <T> List<Block> render(String sectionId, Comparison<T> c, List<ComparedRuns.Run> runs) {
        List<Map<String, T>> byRun =
                runs.stream().map(r -> c.byKey(r.summary())).toList();
        List<String> keys = c.keys(byRun);
        if (keys.isEmpty()) {
            return List.of();
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.heading(c.title()));
        for (int i = 0; i < c.charts().size(); i++) {
            blocks.add(Block.chart(
                    spec(sectionId + "-" + c.id() + "-" + i, c, c.charts().get(i), runs, byRun, keys)));
        }
        blocks.add(Block.table(table(c, runs, byRun, keys)));
        return blocks;
    }

    private static <T> ChartSpec spec(
            String id,
            Comparison<T> c,
            Comparison.Chart chart,
            List<ComparedRuns.Run> runs,
            List<Map<String, T>> byRun,
            List<String> keys) {
        List<ChartSpec.Dataset> datasets = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            for (int f = 0; f < chart.figures().size(); f++) {
                Comparison.Figure<T> figure = c.figureNamed(chart.figures().get(f));
                List<Number> data = new ArrayList<>();
                for (String key : keys) {
                    data.add(ChartSpec.rounded(Comparison.value(byRun.get(r), key, figure)));
                }
                String label = runs.get(r).label() + (chart.figures().size() > 1 ? " " + figure.name() : "");
                datasets.add(new ChartSpec.Dataset(
                        label, data, ChartSpec.colour(r, f, chart.figures().size()), null, null));
            }
        }
        return ChartSpec.bars(id, chart.title(), chart.unit(), chart.logScale(), keys, datasets);
    }

    /** Two header lines: the key's name (spanning both) and each run over its group of figures; then a row per key. */
    private static <T> Table table(
            Comparison<T> c, List<ComparedRuns.Run> runs, List<Map<String, T>> byRun, List<String> keys) {
        int group = c.figures().size();
        List<Table.HeaderCell> top = new ArrayList<>();
        top.add(new Table.HeaderCell(c.keyName(), null, 2, null));
        runs.forEach(r -> top.add(new Table.HeaderCell(r.label(), group, null, "run")));
        List<Table.HeaderCell> names = new ArrayList<>();
        runs.forEach(r -> c.figures().forEach(f -> names.add(Table.HeaderCell.of(f.name()))));
        List<Table.Row> rows = new ArrayList<>();
        for (String key : keys) {
            List<Table.Cell> cells = new ArrayList<>();
            cells.add(Table.Cell.of(key));
            for (int r = 0; r < runs.size(); r++) {
                for (int f = 0; f < group; f++) {
                    Number v = Comparison.value(byRun.get(r), key, c.figures().get(f));
                    Table.Cell cell = Table.Cell.of(v);
                    cells.add(f == 0 ? new Table.Cell(cell.text(), "n first", false) : cell);
                }
            }
            rows.add(new Table.Row(cells));
        }
        return new Table("compare", List.of(new Table.HeaderRow(top), new Table.HeaderRow(names)), rows);
    }
}
