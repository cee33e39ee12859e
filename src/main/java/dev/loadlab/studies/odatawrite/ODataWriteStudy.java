package dev.loadlab.studies.odatawrite;

import static dev.loadlab.report.compare.Comparison.figure;
import static dev.loadlab.report.compare.Comparison.logChart;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.studies.RunRows;
import dev.loadlab.studies.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Study 000, OData write strategies: ms per record of each strategy against the record count. Its points are read
 * from the simulation's log (WriteStrategies); timed whole, it runs on the first injector only.
 */
public final class ODataWriteStudy implements Study {
    /** As -Dexperiments names it. */
    public static final String NAME = "odata-write";

    @Override
    public List<Setting> settings() {
        return WriteKnobs.ALL;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "ODataWriteSimulation")
                .askedBeforeLoad(s -> Experiment.Check.get(s.get(ContractKnobs.SERVICE_PATH)
                                .replaceAll("/+$", "") + "/" + s.get(ContractKnobs.ENTITY_SET) + "/$count"))
                .onFirstInjectorOnly();
    }

    /** At full scale its largest writes take a minute a request by design. */
    @Override
    public List<String> gateLimits(boolean full) {
        return full ? List.of("ODataWriteSimulation:p95Ms=60000") : List.of();
    }

    /** Its points from each run's log, every wire's, as summary.json keeps them. */
    @Override
    public Optional<RunReader> reader(Inputs in) {
        List<WritePoint> points = new ArrayList<>();
        return Optional.of(new RunReader() {
            @Override
            public void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
                points.addAll(WriteStrategies.of(protocol, log));
            }

            @Override
            public void finish(Parts parts) {
                if (!points.isEmpty()) {
                    parts.figures(NAME, new WriteFigures(points));
                }
            }
        });
    }

    /** The points this run's summary keeps; none where it did not run. */
    static List<WritePoint> points(Summary s) {
        return s.figures(NAME, WriteFigures.class)
                .map(WriteFigures::writeStrategies)
                .orElse(List.of());
    }

    /** Each cell once, at its repeats' median ms per record (-Drepeats; a run of one is its own median). */
    static List<WritePoint> medians(Summary s) {
        return WriteRepeats.medians(points(s));
    }

    /** The write strategy with the fewest ms per record at the largest record count, per wire (over repeats, median). */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<WritePoint> points = medians(s);
        int largest = points.stream().mapToInt(WritePoint::records).max().orElse(0);
        List<String> parts = new ArrayList<>();
        points.stream()
                .filter(w -> w.records() == largest && w.ok())
                .map(WritePoint::protocol)
                .distinct()
                .forEach(wire -> points.stream()
                        .filter(w ->
                                w.records() == largest && w.ok() && w.protocol().equals(wire))
                        .min(Comparator.comparingDouble(WritePoint::msPerRecord))
                        .ifPresent(w -> parts.add(wire + ": " + w.strategy() + (w.width() > 1 ? "-" + w.width() : "")
                                + " at " + RunRows.fmt(w.msPerRecord()) + " ms per record")));
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(
                        NAME, "fastest for " + largest + " records: " + String.join("; ", parts), "write"));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(WriteStrategiesSection.writeStrategies(
                points(s), WriteStrategiesSection.testType(s.run().targetUrl())));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(
                NAME,
                "Write strategies (OData)",
                List.of(new Comparison<>(
                        "write",
                        "ms per record by strategy and record count (over repeats, their median)",
                        "protocol strategy, records",
                        ODataWriteStudy::medians,
                        p -> p.series() + ", " + p.records() + " records",
                        List.of(figure("ms per record", WritePoint::msPerRecord)),
                        List.of(logChart("ms per record (log)", "ms per record", "ms per record")))));
    }
}
