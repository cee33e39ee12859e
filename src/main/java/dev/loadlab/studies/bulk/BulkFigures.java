package dev.loadlab.studies.bulk;

import java.util.List;
import java.util.Map;

/**
 * The bulk study's figures in summary.json: the bench's results file as the report keeps it (its URL masked).
 *
 * @param bulk the bench's outcome (named so since summary.json's first schema)
 */
public record BulkFigures(Bench bulk) {

    /** The bench's status, its error if it failed, its runtime (driver, database, URL) and a row per mode and pair. */
    public record Bench(String status, String error, Map<String, Object> runtime, List<BulkRow> rows) {}
}
