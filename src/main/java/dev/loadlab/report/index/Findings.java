package dev.loadlab.report.index;

import dev.loadlab.report.model.BulkRow;
import dev.loadlab.report.model.CalibrationRow;
import dev.loadlab.report.model.Gateway;
import dev.loadlab.report.model.OwnRequestRow;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.WritePoint;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Wire;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The first screen's findings: one headline per experiment that ran, in the study's own terms with its number, each
 * linking to the section that holds the figures.
 */
final class Findings {
    private Findings() {}

    /** One headline per experiment that ran, in the order of the run: its study's finding, linking to its figures. */
    static List<Page.Finding> headlines(Summary s) {
        List<Page.Finding> out = new ArrayList<>();
        for (String experiment : s.run().experiments()) {
            Optional<Page.Finding> h = switch (experiment) {
                case ContractKnobs.API_GATEWAY -> pairs(s, experiment);
                case ContractKnobs.LATENCY -> fastest(s, experiment);
                case ContractKnobs.GATEWAY_CAPACITY -> knees(s);
                case ContractKnobs.ODATA_WRITE -> bestWrite(s);
                case ContractKnobs.BULK -> bestBulk(s);
                case ContractKnobs.CALIBRATION -> calibration(s);
                default -> own(s, experiment);
            };
            h.ifPresent(out::add);
        }
        return out;
    }

    /**
     * HTTP/2 against HTTP/1.1 on each transport, per tool: the change in throughput and p95 of all requests of the
     * measured runs (a stress run's rate is the one it offered, and its errors are its purpose: it has its section).
     */
    private static Optional<Page.Finding> pairs(Summary s, String experiment) {
        List<String> parts = new ArrayList<>();
        for (List<Wire> pair : Wire.PAIRS) {
            for (Summary.Row base : allRows(s, experiment)) {
                if (!base.protocol().equals(pair.get(0).label)
                        || base.run().toLowerCase(Locale.ROOT).contains("stress")) {
                    continue;
                }
                allRows(s, experiment).stream()
                        .filter(o -> o.protocol().equals(pair.get(1).label)
                                && o.tool().equals(base.tool())
                                && o.run().equals(base.run()))
                        .findFirst()
                        .ifPresent(o -> parts.add(base.tool() + " " + base.run() + ", " + pair.get(1).label
                                + " against " + base.protocol() + ": throughput "
                                + ProtocolPairs.change(base.throughputPerSec(), o.throughputPerSec()) + ", p95 "
                                + ProtocolPairs.change(base.p95Ms(), o.p95Ms())));
            }
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(experiment, String.join("; ", parts), "pairs"));
    }

    /** The fastest p50 each tool measured over HTTP/1.1 (the ab study's wire). */
    private static Optional<Page.Finding> fastest(Summary s, String experiment) {
        List<String> parts = new ArrayList<>();
        for (String tool : List.of("gatling", "jmeter")) {
            allRows(s, experiment).stream()
                    .filter(r -> r.tool().equals(tool) && r.protocol().startsWith("HTTP/1.1"))
                    .min(Comparator.comparingLong(Summary.Row::p50Ms))
                    .ifPresent(r -> parts.add(tool + " p50 " + r.p50Ms() + " ms, p99 " + r.p99Ms() + " ms ("
                            + r.protocol() + ", " + r.run() + ")"));
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(experiment, String.join("; ", parts), "ab"));
    }

    /**
     * Per wire and upstream latency: the highest rate the gateway sustained, the first it did not, and up to where its
     * P95 stayed near the upstream's latency.
     */
    private static Optional<Page.Finding> knees(Summary s) {
        List<String> parts = new ArrayList<>();
        for (Gateway.Knee k : s.gatewayKnees()) {
            parts.add(k.protocol() + " at " + k.latencyMs() + " ms upstream: sustained "
                    + (k.maxSustainableRps() == null ? "no step" : k.maxSustainableRps() + " req/s")
                    + (k.firstBrokenRps() == null ? ", none broke" : ", broke at " + k.firstBrokenRps() + " req/s")
                    + (k.noDegradationUpToRps() == null
                            ? ""
                            : ", no degradation up to " + k.noDegradationUpToRps() + " req/s"));
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(ContractKnobs.GATEWAY_CAPACITY, String.join("; ", parts), "gateway"));
    }

    /** The write strategy with the fewest ms per record at the largest record count, per wire. */
    private static Optional<Page.Finding> bestWrite(Summary s) {
        int largest =
                s.writeStrategies().stream().mapToInt(WritePoint::records).max().orElse(0);
        List<String> parts = new ArrayList<>();
        s.writeStrategies().stream()
                .filter(w -> w.records() == largest && w.ok())
                .map(WritePoint::protocol)
                .distinct()
                .forEach(wire -> s.writeStrategies().stream()
                        .filter(w ->
                                w.records() == largest && w.ok() && w.protocol().equals(wire))
                        .min(Comparator.comparingDouble(WritePoint::msPerRecord))
                        .ifPresent(w -> parts.add(wire + ": " + w.strategy() + (w.width() > 1 ? "-" + w.width() : "")
                                + " at " + fmt(w.msPerRecord()) + " ms per record")));
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(
                        ContractKnobs.ODATA_WRITE,
                        "fastest for " + largest + " records: " + String.join("; ", parts),
                        "write"));
    }

    /** The bench's pair with the most rows per second. */
    private static Optional<Page.Finding> bestBulk(Summary s) {
        if (s.bulk() == null || s.bulk().rows() == null) {
            return Optional.empty();
        }
        return s.bulk().rows().stream()
                .filter(r -> r.failedRuns() == 0)
                .max(Comparator.comparingDouble(BulkRow::rowsPerSecond))
                .map(r -> new Page.Finding(
                        ContractKnobs.BULK,
                        "best " + r.mode() + ", " + r.batchCount() + " x " + r.batchSize() + " at "
                                + fmt(r.rowsPerSecond()) + " rows/s",
                        "bulk"));
    }

    /** Every tool's count against the server's, and the held route's p50 against the latency it was held. */
    private static Optional<Page.Finding> calibration(Summary s) {
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
                                .filter(java.util.Objects::nonNull)
                                .findFirst()
                                .orElse(0)
                        + " ms: " + t + " ms")
                .orElse("");
        String counts = counted == 0
                ? "no server count (a target of yours)"
                : equal + " of " + counted + " counts = the server's";
        return Optional.of(new Page.Finding(ContractKnobs.CALIBRATION, counts + held, "calibration"));
    }

    /** An experiment of yours: its requests, and each tool's count against the server's where the server counted. */
    private static Optional<Page.Finding> own(Summary s, String experiment) {
        List<OwnRequestRow> rows = s.ownRequests().stream()
                .filter(r -> r.experiment().equals(experiment))
                .toList();
        long counted = rows.stream()
                .mapToLong(r -> (r.serverGatling() == null ? 0 : 1) + (r.serverJmeter() == null ? 0 : 1))
                .sum();
        long equal = rows.stream()
                .mapToLong(r -> (r.serverGatling() != null && r.serverGatling().equals(r.gatlingSamples()) ? 1 : 0)
                        + (r.serverJmeter() != null && r.serverJmeter().equals(r.jmeterSamples()) ? 1 : 0))
                .sum();
        double worstErrors = s.scenarios().stream()
                .filter(r -> Experiment.nameOfRun(r.tool(), r.run()).equals(experiment))
                .mapToDouble(Summary.Row::errorPct)
                .max()
                .orElse(0);
        String text = rows.stream().map(OwnRequestRow::request).distinct().count() + " requests on "
                + rows.stream().map(OwnRequestRow::protocol).distinct().count() + " wires, worst error rate "
                + fmt(worstErrors) + " %"
                + (counted == 0 ? "" : "; " + equal + " of " + counted + " tool counts = the server's");
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Page.Finding(experiment, text, "own-requests"));
    }

    /** Each tool's row of all requests (Gatling) or all samples (JMeter) of an experiment's runs. */
    private static List<Summary.Row> allRows(Summary s, String experiment) {
        return s.scenarios().stream()
                .filter(r -> r.scenario().equals(GatlingResults.ALL_REQUESTS)
                        || r.scenario().equals(JmeterResults.ALL_SAMPLES))
                .filter(r -> Experiment.nameOfRun(r.tool(), r.run()).equals(experiment))
                .toList();
    }

    private static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
