package dev.loadlab.studies.bulk;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The bulk bench's section of index.html in bulkbench's own form: its table per mode and batch pair (002). */
final class BulkSection {
    private BulkSection() {}

    static Section render(BulkFigures.Bench bulk) {
        if (bulk == null || bulk.rows().isEmpty()) {
            return Section.of("bulk", "Bulk-insert bench", Block.text("No bulk bench results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Number> rates = new ArrayList<>();
        for (BulkRow r : bulk.rows()) {
            rows.add(List.of(
                    r.mode(),
                    r.batchCount(),
                    r.batchSize(),
                    r.runs(),
                    r.failedRuns(),
                    r.avgSeconds(),
                    r.maxSeconds(),
                    r.medianSeconds(),
                    r.minSeconds(),
                    r.rowsPerSecond()));
            labels.add(r.mode().substring(0, 3) + "-" + r.pair());
            rates.add(ChartSpec.rounded(r.rowsPerSecond()));
        }
        String info = new TreeSet<>(bulk.runtime().keySet())
                .stream()
                        .map(k -> k + ": " + bulk.runtime().get(k))
                        .reduce((a, b) -> a + "; " + b)
                        .orElse("");
        return Section.of(
                "bulk",
                "Bulk-insert bench (status " + bulk.status() + ")",
                Block.text(info),
                Block.chart(ChartSpec.bars(
                        "chart-bulk",
                        "rows per second by mode and batchCount x batchSize",
                        "rows/s",
                        false,
                        labels,
                        List.of(new ChartSpec.Dataset("rows/s", rates, ChartSpec.colour(0, 0, 1), null, null)))),
                Block.table(
                        "bulk",
                        List.of(
                                "mode",
                                "batchCount",
                                "batchSize",
                                "runs",
                                "failed runs",
                                "avg s",
                                "max s",
                                "median s",
                                "min s",
                                "rows/s"),
                        rows));
    }
}
