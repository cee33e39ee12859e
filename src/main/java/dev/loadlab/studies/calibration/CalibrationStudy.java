package dev.loadlab.studies.calibration;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.CalibrationRow;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.CalibrationResults;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.CalibrationKnobs;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Not a study: the scenario every tool runs alike on one closed loop, each beside the server's own count and hold, to
 * prove the other experiments' figures. Its JMeter plans run on the wires Gatling runs, so the two meet like with like.
 */
public final class CalibrationStudy implements Study {
    private static final String NAME = ContractKnobs.CALIBRATION;

    @Override
    public Experiment experiment() {
        return Experiment.study(
                NAME,
                Experiment.PlanWires.GATLING_WIRES,
                s -> Optional.of(Experiment.Check.get(s.get(CalibrationKnobs.PATH))),
                "CalibrationSimulation");
    }

    /** Each tool's window from its rows, wrk's from its output, each beside the server's count of the same requests. */
    @Override
    public void read(Inputs in, Parts parts) {
        new CalibrationResults(in.layout().target().resolve("loadlab/server-counts.json"), in.settings())
                .readInto(parts, in.ran(), in.outside().wrkWindows(parts), in.stalls());
    }

    /** Every tool's count against the server's, and the held route's p50 against the latency it was held. */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<CalibrationRow> rows = s.calibration();
        if (rows == null || rows.isEmpty()) {
            return Optional.empty();
        }
        long counted = rows.stream().filter(r -> r.serverCount() != null).count();
        long equal = rows.stream()
                .filter(r -> r.serverCount() != null && r.serverCount() == r.samples())
                .count();
        String held = rows.stream()
                .filter(r -> r.configuredLatencyMs() != null
                        && List.of("gatling", "jmeter").contains(r.tool()))
                .map(r -> r.tool() + " " + r.protocol() + " p50 " + r.p50Ms() + "/p99 " + r.p99Ms())
                .reduce((a, b) -> a + ", " + b)
                .map(t -> "; held "
                        + rows.stream()
                                .map(CalibrationRow::configuredLatencyMs)
                                .filter(Objects::nonNull)
                                .findFirst()
                                .orElse(0)
                        + " ms: " + t + " ms")
                .orElse("");
        String counts = counted == 0
                ? "no server count (a target of yours)"
                : equal + " of " + counted + " counts = the server's";
        return Optional.of(new Page.Finding(NAME, counts + held, "calibration"));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(CalibrationSection.render(s.calibration()));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(
                NAME, "Calibration: every tool on one closed loop", List.of(windows(), Studies.scenarios(NAME)));
    }

    /** Each tool's measured window per route and wire, and the server's own count and hold of the same requests. */
    private static Comparison<CalibrationRow> windows() {
        return new Comparison<>(
                "calibration",
                "Each tool beside the server's count and the held latency",
                "tool protocol / route",
                Summary::calibration,
                CalibrationRow::key,
                List.of(
                        figure("throughput/s", CalibrationRow::throughputPerSec),
                        figure("server throughput/s", CalibrationRow::serverThroughputPerSec),
                        figure("p50 ms", CalibrationRow::p50Ms),
                        figure("p99 ms", CalibrationRow::p99Ms),
                        figure("server hold p99 ms", CalibrationRow::serverHoldP99Ms)),
                List.of(
                        chart("Throughput, tool and server", "requests/s", "throughput/s", "server throughput/s"),
                        chart(
                                "P50 / P99 against the server's own hold",
                                "ms",
                                "p50 ms",
                                "p99 ms",
                                "server hold p99 ms")));
    }
}
