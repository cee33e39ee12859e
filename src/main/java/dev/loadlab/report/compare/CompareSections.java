package dev.loadlab.report.compare;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;
import static dev.loadlab.report.compare.Comparison.logChart;

import dev.loadlab.report.model.AbRun;
import dev.loadlab.report.model.BulkRow;
import dev.loadlab.report.model.CalibrationRow;
import dev.loadlab.report.model.Gateway;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.WritePoint;
import dev.loadlab.report.page.Section;
import dev.loadlab.settings.ContractKnobs;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The sections of compare.html: one per experiment, in the studies' order, each a list of {@link Comparison}s. This
 * list is the extension point: a new experiment's figures are one more {@link Section} of a few lines (see
 * {@link #calibration()} for one).
 */
public final class CompareSections {
    private CompareSections() {}

    /** One experiment's part of the page. */
    record Section(String experiment, String title, List<Comparison<?>> comparisons) {}

    static final String OTHER = "other";

    public static final List<Section> ALL = List.of(
            new Section(
                    ContractKnobs.API_GATEWAY,
                    "API gateways, HTTP/1.1 vs HTTP/2",
                    List.of(scenarios(ContractKnobs.API_GATEWAY))),
            new Section(
                    ContractKnobs.LATENCY,
                    "ApacheBench-style latency",
                    List.of(scenarios(ContractKnobs.LATENCY), abRuns())),
            new Section(ContractKnobs.GATEWAY_CAPACITY, "Gateway capacity", List.of(gatewayKnees(), gatewaySteps())),
            new Section(ContractKnobs.ODATA_WRITE, "Write strategies (OData)", List.of(writeStrategies())),
            new Section(ContractKnobs.BULK, "Bulk-insert bench", List.of(bulk())),
            new Section(
                    ContractKnobs.CALIBRATION,
                    "Calibration: every tool on one closed loop",
                    List.of(calibration(), scenarios(ContractKnobs.CALIBRATION))),
            new Section(
                    OTHER,
                    "Other scenarios (plans of your own, experiments without a section above)",
                    List.of(scenarios(OTHER))));

    /** The study's columns most compared between runs, for the scenario rows of one experiment. */
    static Comparison<Summary.Row> scenarios(String experiment) {
        Predicate<Summary.Row> belongs = row -> sectionOf(row.run(), ALL).equals(experiment);
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

    static Comparison<AbRun> abRuns() {
        return new Comparison<>(
                "latency-ab",
                "ab runs",
                "tool protocol ab run",
                Summary::abRuns,
                // summaries from before ab runs named their tool held Gatling's only
                r -> (r.tool() == null ? "gatling" : r.tool()) + " " + r.protocol() + " " + r.label(),
                List.of(
                        figure("requests/s", AbRun::requestsPerSecond),
                        figure("time per request ms", AbRun::timePerRequestMs),
                        figure("failed requests", AbRun::failedRequests)),
                List.of(chart("Requests per second", "requests/s", "requests/s")));
    }

    static Comparison<Gateway.Knee> gatewayKnees() {
        return new Comparison<>(
                "gateway-knees",
                "Maximum sustainable rate (the search's verdict)",
                "protocol, upstream latency",
                Summary::gatewayKnees,
                k -> k.protocol() + ", upstream " + k.latencyMs() + " ms",
                List.of(
                        figure("max sustainable requests/s", Gateway.Knee::maxSustainableRps),
                        figure("first broken requests/s", Gateway.Knee::firstBrokenRps)),
                List.of(chart("Maximum sustainable rate", "requests/s", "max sustainable requests/s")));
    }

    static Comparison<Gateway.Step> gatewaySteps() {
        return new Comparison<>(
                "gateway-steps",
                "Steps",
                "protocol, upstream latency, offered rate",
                Summary::gatewaySteps,
                s -> s.protocol() + ", upstream " + s.latencyMs() + " ms, " + s.stepRps() + "/s",
                List.of(
                        figure("achieved/s", Gateway.Step::achievedRps),
                        figure("client P95 ms", Gateway.Step::clientP95Ms),
                        figure("error %", Gateway.Step::errorPct)),
                List.of(chart("Client P95 per step", "ms", "client P95 ms")));
    }

    static Comparison<WritePoint> writeStrategies() {
        return new Comparison<>(
                "write",
                "ms per record by strategy and record count",
                "protocol strategy, records",
                Summary::writeStrategies,
                p -> p.series() + ", " + p.records() + " records",
                List.of(figure("ms per record", WritePoint::msPerRecord)),
                List.of(logChart("ms per record (log)", "ms per record", "ms per record")));
    }

    /** Each tool's measured window per route and wire, and the server's own count and hold of the same requests. */
    static Comparison<CalibrationRow> calibration() {
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

    static Comparison<BulkRow> bulk() {
        return new Comparison<>(
                "bulk",
                "mode x batchCount x batchSize",
                "mode, batchCount x batchSize",
                s -> s.bulk() == null ? null : s.bulk().rows(),
                r -> r.mode() + ", " + r.pair(),
                List.of(
                        figure("rows/s", BulkRow::rowsPerSecond),
                        figure("avg s", BulkRow::avgSeconds),
                        figure("median s", BulkRow::medianSeconds),
                        figure("failed runs", BulkRow::failedRuns)),
                List.of(chart("Rows per second", "rows/s", "rows/s")));
    }

    /**
     * The experiment a scenario row belongs to, by its run's name: a Gatling simulation spells it
     * (ApiGatewaySimulation: api-gateway), a JMeter plan begins with it (api-gateway-stress: api-gateway).
     */
    static Optional<String> experimentOf(String run) {
        String spelt = squeezed(run).replaceFirst("simulation$", "");
        return ContractKnobs.EXPERIMENT_NAMES.stream()
                .filter(e -> spelt.startsWith(squeezed(e)))
                .findFirst();
    }

    /** The section a scenario row shows in: its experiment's, else OTHER (so that no row is left off the page). */
    static String sectionOf(String run, List<Section> sections) {
        return experimentOf(run)
                .filter(e -> sections.stream().anyMatch(s -> s.experiment().equals(e)))
                .orElse(OTHER);
    }

    private static String squeezed(String name) {
        return name == null ? "" : name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
