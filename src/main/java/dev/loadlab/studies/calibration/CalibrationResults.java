package dev.loadlab.studies.calibration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.Stalls;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The calibration experiment's rows: each tool's measured window per route and wire (from the rows its results
 * already gave), set beside what the reference server counted for the same tag
 * ({@code target/loadlab/server-counts.json}, saved by ServerControl down). A tool's samples are labelled
 * "&lt;route&gt; measured" and tagged "&lt;tool&gt;-&lt;wire&gt;-&lt;route&gt;-measured" (CalibrationSimulation,
 * jmeter/calibration.jmx, OutsideTools' wrk, whose own output WrkOutput reads).
 */
final class CalibrationResults {
    /** The run a tool's calibration rows belong to: Gatling's simulation, JMeter's plan. */
    static final String GATLING_RUN = "CalibrationSimulation";

    static final String JMETER_RUN = "calibration";

    private final Path countsFile;
    private final int latencyMs;

    CalibrationResults(Path countsFile, Settings settings) {
        this.countsFile = countsFile;
        this.latencyMs = settings.integer(CalibrationKnobs.LATENCY_MS);
    }

    /** One tool's measured window on one route and wire, as the tool itself reported it. */
    record Window(
            String tool,
            String protocol,
            String route,
            long samples,
            double errorPct,
            double throughputPerSec,
            long p50Ms,
            long p99Ms) {}

    /** Gatling's and JMeter's windows from their rows, then the outside tools' ({@code outside}), each beside the server. */
    List<CalibrationRow> read(Parts parts, List<Window> outside, Stalls stalls) {
        List<CalibrationRow> rows = new ArrayList<>();
        List<Window> windows = new ArrayList<>();
        for (Summary.Row row : parts.rows) {
            routeOf(row)
                    .ifPresent(route -> windows.add(new Window(
                            row.tool(),
                            row.protocol(),
                            route,
                            row.samples(),
                            row.errorPct(),
                            row.throughputPerSec(),
                            row.p50Ms(),
                            row.p99Ms())));
        }
        windows.addAll(outside);
        JsonNode counts = windows.isEmpty() ? null : counts(parts);
        for (Window w : windows) {
            Optional<Wire> wire = Wire.ofLabel(w.protocol());
            String tag = CalibrationKnobs.tag(
                    w.tool(), wire.map(x -> x.id).orElse("?"), w.route(), CalibrationKnobs.MEASURED);
            rows.add(row(w, counts == null ? null : counts.get(tag), stalls, parts.timelines));
        }
        if (windows.isEmpty()) {
            parts.missing("calibration: no tool's results hold a \"<route> measured\" sample (did its runs start?)");
        }
        return rows;
    }

    /** The route of a calibration row of Gatling or JMeter; empty for every other row. */
    private static Optional<String> routeOf(Summary.Row row) {
        boolean calibrationRun = row.run().equals(GATLING_RUN) || row.run().equals(JMETER_RUN);
        return calibrationRun
                ? CalibrationKnobs.ROUTES.stream()
                        .filter(r -> row.scenario().equals(r + " " + CalibrationKnobs.MEASURED))
                        .findFirst()
                : Optional.empty();
    }

    CalibrationRow row(Window tool, JsonNode server, Stalls stalls, List<Timeline> timelines) {
        // the stalls of the seconds the server saw these requests; on a target of yours, of the tool's whole run
        Optional<Span> span = server == null
                ? runSpan(tool, timelines)
                : Optional.of(new Span(
                        server.get("firstArrivalMs").asLong(),
                        server.get("lastAnswerMs").asLong()));
        Stall toolStall =
                span.flatMap(s -> stalls.of(tool.tool(), s.fromMs(), s.toMs())).orElse(null);
        Stall serverStall = span.flatMap(s -> stalls.of(Stalls.TARGET_SERVER, s.fromMs(), s.toMs()))
                .orElse(null);
        Long count = null;
        Double serverThroughput = null;
        Double holdP50 = null;
        Double holdP99 = null;
        if (server != null) {
            count = server.get("count").asLong();
            long windowMs = server.get("lastAnswerMs").asLong()
                    - server.get("firstArrivalMs").asLong();
            serverThroughput = count / (Math.max(1, windowMs) / 1000.0);
            holdP50 = server.get("holdP50Ms").asDouble();
            holdP99 = server.get("holdP99Ms").asDouble();
        }
        return new CalibrationRow(
                tool.route(),
                tool.tool(),
                tool.protocol(),
                tool.samples(),
                tool.errorPct(),
                tool.throughputPerSec(),
                tool.p50Ms(),
                tool.p99Ms(),
                count,
                serverThroughput,
                holdP50,
                holdP99,
                tool.route().equals(CalibrationKnobs.HELD) ? latencyMs : null,
                toolStall,
                serverStall,
                null);
    }

    /** A stretch of time, epoch ms. */
    private record Span(long fromMs, long toMs) {}

    /** The tool's calibration run on that wire, from its timeline. */
    private static Optional<Span> runSpan(Window tool, List<Timeline> timelines) {
        return timelines.stream()
                .filter(t -> t.tool().equals(tool.tool()) && t.protocol().equals(tool.protocol()))
                .filter(t -> t.run().equals(GATLING_RUN) || t.run().equals(JMETER_RUN))
                .findFirst()
                .map(t -> new Span(t.startEpochMs(), t.endEpochMs()));
    }

    /** The server's counts by tag; null (and one line) where there are none, e.g. for a user's own target. */
    private JsonNode counts(Parts parts) {
        if (!Files.isRegularFile(countsFile)) {
            parts.missing("calibration: no server counts in " + countsFile
                    + " (a target other than the embedded server keeps none): the tools are compared with each other"
                    + " only");
            return null;
        }
        try {
            JsonNode json = new ObjectMapper().readTree(countsFile.toFile());
            if (json != null && json.isObject()) {
                return json;
            }
            parts.missing("calibration: " + countsFile + " is not a JSON object of counts");
        } catch (IOException e) {
            parts.missing("calibration: " + countsFile + " cannot be read: "
                    + e.getMessage().lines().findFirst().orElse("").toLowerCase(Locale.ROOT));
        }
        return null;
    }
}
