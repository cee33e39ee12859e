package dev.loadlab.studies.calibration;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.report.compare.Changes;
import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
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
    /** As -Dexperiments names it. */
    public static final String NAME = "calibration";

    @Override
    public List<Setting> settings() {
        return CalibrationKnobs.ALL;
    }

    /** jmeter/calibration.jmx: the same closed loop as CalibrationSimulation. */
    @Override
    public List<Setting> planProperties() {
        return CalibrationKnobs.PLAN_PROPERTIES;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "CalibrationSimulation")
                .plansOn(Experiment.PlanWires.GATLING_WIRES)
                .askedBeforeLoad(s -> Experiment.Check.get(s.get(CalibrationKnobs.PATH)));
    }

    /** A team's project with nothing of its own yet runs the calibration: its tools and machine, checked. */
    @Override
    public boolean runsInAnEmptyProject() {
        return true;
    }

    /** Each job of a split build runs it on its own runner, so that its rows are vouched for where they ran. */
    @Override
    public boolean runsInEveryJob() {
        return true;
    }

    /** wrk on the calibration loop, beside the tools and the server's count. */
    @Override
    public Optional<OutsideTools.Run> outside() {
        return Optional.of(WrkOutput::run);
    }

    /** Its rows: each tool's measured window per route and wire beside the server's count and hold. */
    public record Figures(List<CalibrationRow> calibration) {}

    /** Each tool's window from its rows, wrk's from its output, each beside the server's count of the same requests. */
    @Override
    public void read(Inputs in, Parts parts) {
        List<CalibrationRow> rows = new CalibrationResults(
                        in.layout().target().resolve("loadlab/server-counts.json"), in.settings())
                .read(parts, WrkOutput.windows(in.outside(), parts), in.stalls());
        if (!rows.isEmpty()) {
            parts.figures(NAME, new Figures(rows));
        }
    }

    /** The rows this summary keeps (the gate on truth holds loadlab's tools to them); none where it did not run. */
    public static List<CalibrationRow> rows(Summary s) {
        return s.figures(NAME, Figures.class).map(Figures::calibration).orElse(List.of());
    }

    /**
     * The gate on truth: each of loadlab's tools against the server's count and hold of the same requests, and against
     * the other tool on the same wire (TruthChecks).
     */
    @Override
    public List<Check> checks(Summary s, Settings settings) {
        return TruthChecks.from(settings).checks(rows(s), s.generators());
    }

    /**
     * The farthest any tool stood from the server's own count (throughput) and, on the held route, from its own hold
     * (p99): how far two measurements of one load stand apart in this run, the noise a later run's change must pass.
     */
    @Override
    public Optional<Changes.Spread> spread(Summary s) {
        Double throughput = null;
        Double latency = null;
        for (CalibrationRow r : rows(s)) {
            if (r.serverThroughputPerSec() != null) {
                throughput = Math.max(
                        throughput == null ? 0 : throughput,
                        Percent.off(r.throughputPerSec(), r.serverThroughputPerSec()));
            }
            // the held route only: on the fast one the server's hold is a fraction of a millisecond
            if (r.configuredLatencyMs() != null && r.serverHoldP99Ms() != null && r.serverHoldP99Ms() > 0) {
                latency = Math.max(latency == null ? 0 : latency, Percent.off(r.p99Ms(), r.serverHoldP99Ms()));
            }
        }
        return throughput == null && latency == null
                ? Optional.empty()
                : Optional.of(new Changes.Spread(
                        "the calibration experiment's tools against the server's own count and hold",
                        throughput,
                        latency));
    }

    /** Every tool's count against the server's, and the held route's p50 against the latency it was held. */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<CalibrationRow> rows = rows(s);
        if (rows.isEmpty()) {
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
        return List.of(CalibrationSection.render(rows(s)));
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
                CalibrationStudy::rows,
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
