package dev.loadlab.report.compare;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.report.model.Summary;
import java.util.List;
import java.util.function.Predicate;

/**
 * The table every experiment's compare section may hold: its scenario rows with the study's columns most compared
 * between runs. The rest of each section is the experiment's own (dev.loadlab.studies).
 */
public final class CompareSections {
    private CompareSections() {}

    /** The scenario rows {@code belongs} keeps, under the table id {@code <experiment>-scenarios}. */
    public static Comparison<Summary.Row> scenarios(String experiment, Predicate<Summary.Row> belongs) {
        return new Comparison<>(
                experiment + "-scenarios",
                "Scenarios",
                "tool protocol run / scenario",
                s -> s.scenarios() == null
                        ? null
                        : s.scenarios().stream().filter(belongs).toList(),
                Summary.Row::key,
                List.of(
                        figure("throughput/s", Summary.Row::throughputPerSec),
                        figure("p50 ms", Summary.Row::p50Ms),
                        figure("p95 ms", Summary.Row::p95Ms),
                        figure("p99 ms", Summary.Row::p99Ms),
                        figure("error %", Summary.Row::errorPct)),
                List.of(
                        chart("Throughput", "requests/s", "throughput/s"),
                        chart("P50 / P95 / P99", "ms", "p50 ms", "p95 ms", "p99 ms"),
                        chart("Errors", "error %", "error %")));
    }
}
