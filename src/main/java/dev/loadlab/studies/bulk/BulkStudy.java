package dev.loadlab.studies.bulk;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.bulk.BulkBench;
import dev.loadlab.bulk.BulkGate;
import dev.loadlab.bulk.BulkKnobs;
import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.studies.RunRows;
import dev.loadlab.studies.Study;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Study 002, JDBC bulk inserts: the bench's modes and batch pairs, rows per second. Neither Gatling nor JMeter runs it. */
public final class BulkStudy implements Study {
    /** As -Dexperiments names it. */
    public static final String NAME = "bulk";

    /** The bench's settings are its tool's (dev.loadlab.bulk), which reads them in a JVM of its own. */
    @Override
    public List<Setting> settings() {
        return BulkKnobs.ALL;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME);
    }

    /** The bench, in a JVM of its own after the tools' runs (it loads a database, not the target), and its gate. */
    @Override
    public Optional<OwnStep> ownStep() {
        return Optional.of(new OwnStep(BulkKnobs.SKIP, BulkBench::run, BulkGate::gate));
    }

    /** The bench's results file; an injector of several runs no bench (BuildRuns says so in its left-out list). */
    @Override
    public void read(Inputs in, Parts parts) {
        if (in.ran().injector().alone()) {
            new BulkResults(in.layout().resolve(in.settings().get(BulkKnobs.RESULTS_FILE)))
                    .read(parts)
                    .ifPresent(bench -> {
                        parts.figures(NAME, new BulkFigures(bench));
                        parts.toolVersions.put(
                                "bulk driver", String.valueOf(bench.runtime().getOrDefault("driver", "unknown")));
                    });
        }
    }

    /** The bench's results as this run's summary keeps them, if it ran. */
    static Optional<BulkFigures.Bench> bench(Summary s) {
        return s.figures(NAME, BulkFigures.class).map(BulkFigures::bulk);
    }

    /**
     * The bench's own gate (BulkGate, after the loadlab gate in a build's verify) on what its job's summary kept of its
     * results file.
     */
    @Override
    public Optional<Verdict> mergedVerdict(Summary merged) {
        return Optional.of(bench(merged)
                .map(b -> BulkGate.passed(b.status())
                        ? new Verdict(
                                true, "bulk gate: passed (" + b.rows().size() + " mode/pair results, from its job)")
                        : new Verdict(
                                false,
                                "bulk gate: FAILED: " + (b.error() != null ? b.error() : "status " + b.status())))
                .orElse(new Verdict(
                        false, "bulk gate: FAILED: the bulk experiment's job left no results of the bench")));
    }

    /** The bench's pair with the most rows per second. */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        return bench(s).filter(b -> b.rows() != null)
                .flatMap(b -> b.rows().stream()
                        .filter(r -> r.failedRuns() == 0)
                        .max(Comparator.comparingDouble(BulkRow::rowsPerSecond))
                        .map(r -> new Page.Finding(
                                NAME,
                                "best " + r.mode() + ", " + r.batchCount() + " x " + r.batchSize() + " at "
                                        + RunRows.fmt(r.rowsPerSecond()) + " rows/s",
                                "bulk")));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(BulkSection.render(bench(s).orElse(null)));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(
                NAME,
                "Bulk-insert bench",
                List.of(new Comparison<>(
                        "bulk",
                        "mode x batchCount x batchSize",
                        "mode, batchCount x batchSize",
                        s -> bench(s).map(BulkFigures.Bench::rows).orElse(null),
                        r -> r.mode() + ", " + r.pair(),
                        List.of(
                                figure("rows/s", BulkRow::rowsPerSecond),
                                figure("avg s", BulkRow::avgSeconds),
                                figure("median s", BulkRow::medianSeconds),
                                figure("failed runs", BulkRow::failedRuns)),
                        List.of(chart("Rows per second", "rows/s", "rows/s")))));
    }
}
