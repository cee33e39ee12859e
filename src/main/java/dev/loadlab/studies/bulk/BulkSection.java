package dev.loadlab.studies.bulk;

import static dev.loadlab.report.page.Table.column;

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
        List<String> labels = new ArrayList<>();
        List<Number> rates = new ArrayList<>();
        for (BulkRow r : bulk.rows()) {
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
                        bulk.rows(),
                        column("mode", BulkRow::mode),
                        column("batchCount", BulkRow::batchCount),
                        column("batchSize", BulkRow::batchSize),
                        column("runs", BulkRow::runs),
                        column("failed runs", BulkRow::failedRuns),
                        column("avg s", BulkRow::avgSeconds),
                        column("max s", BulkRow::maxSeconds),
                        column("median s", BulkRow::medianSeconds),
                        column("min s", BulkRow::minSeconds),
                        column("rows/s", BulkRow::rowsPerSecond)));
    }
}
