package dev.loadlab.report.model;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Everything {@code reports/summary.json} holds; index.html and the gate read only this. */
public record Summary(
        Run run,
        List<String> missing,
        List<Row> scenarios,
        List<WritePoint> writeStrategies,
        List<Gateway.Step> gatewaySteps,
        List<Gateway.Knee> gatewayKnees,
        List<AbRun> abRuns,
        List<JmeterOverview> jmeterSamples,
        Bulk bulk,
        List<NativeReport> nativeReports,
        List<CalibrationRow> calibration,

        @com.fasterxml.jackson.annotation.JsonAlias("errorsOverTime")
        List<Timeline> timelines,

        List<StressStop> stressStops,
        List<LoadGenerators> generators,
        List<OwnRequestRow> ownRequests) {

    /**
     * The version of summary.json's shape, for the tools that read it: 4 gave the gateway steps each process's
     * millicores and MB, the time in the gateway, its queue and what broke a step, and the knees their degradation
     * point and headroom; 3 renamed errorsOverTime to timelines and gave
     * each bucket its percentiles; 2 added ownRequests (1: every summary before it, which has no such field).
     */
    public static final int SCHEMA_VERSION = 4;

    /**
     * A summary.json as this version reads it: fields it does not know are ignored (a newer summary), fields it misses
     * are empty (an older one); {@code hint} says why the file may be missing.
     */
    public static Summary read(Path file, String hint) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no file " + file + (hint.isEmpty() ? "" : " (" + hint + ")"));
        }
        Summary summary;
        try {
            summary = new ObjectMapper()
                    .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                    .readValue(file.toFile(), Summary.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a loadlab summary.json: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        if (summary.run() == null || summary.scenarios() == null) {
            throw new IOException(file + " is not a loadlab summary.json: no run and scenarios in it");
        }
        return summary;
    }

    @com.fasterxml.jackson.annotation.JsonProperty("schemaVersion")
    public int schemaVersion() {
        return SCHEMA_VERSION;
    }

    /**
     * A summary.json from before errors were counted over time, stress stops were kept and load generators were told
     * apart reads with none.
     */
    public Summary {
        timelines = timelines == null ? List.of() : timelines;
        stressStops = stressStops == null ? List.of() : stressStops;
        generators = generators == null ? List.of() : generators;
        ownRequests = ownRequests == null ? List.of() : ownRequests;
    }

    /**
     * The run as a whole; the target URLs are masked. serverStartupMs: the embedded target's own start-up;
     * experiments: those -Dexperiments chose, experimentsLeftOut: the others (no figure of theirs is here); label:
     * the name it is kept under in reports/runs/ (null in a summary from before runs were kept); wiresLeftOut: one
     * line per wire the target did not speak, which no tool loaded.
     */
    public record Run(
            String date,
            String gitCommit,
            String profile,
            String targetUrl,
            String targetTlsUrl,
            int cores,
            String jvm,
            Map<String, String> toolVersions,
            Long serverStartupMs,
            List<String> experiments,
            List<String> experimentsLeftOut,
            String label,
            List<String> wiresLeftOut) {
        /** A summary.json from before the wire check left none out. */
        public Run {
            wiresLeftOut = wiresLeftOut == null ? List.of() : wiresLeftOut;
        }
    }

    /**
     * One tool x protocol x run x scenario in the API-gateway study's columns. Byte columns are null where the tool
     * does not record bytes (Gatling). errorsByKind: failed requests by {@link ErrorKind} key ("HTTP 503", "connection
     * refused", ...); errorDetails: per kind, the tool's raw messages and their counts (bounded, see
     * {@link ErrorTally}). A summary.json from before the kinds has raw messages as errorsByKind's keys and no details.
     */
    public record Row(
            String tool,
            String protocol,
            String run,
            String scenario,
            long samples,
            double avgMs,
            long minMs,
            long maxMs,
            double stdDevMs,
            double errorPct,
            double throughputPerSec,
            Double receivedKBPerSec,
            Double sentKBPerSec,
            Double avgBytes,
            long p50Ms,
            long p75Ms,
            long p90Ms,
            long p95Ms,
            long p99Ms,
            Map<String, Long> errorsByKind,
            Map<String, Map<String, Long>> errorDetails) {
        public Row {
            errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
            errorDetails = errorDetails == null ? Map.of() : errorDetails;
        }

        public String key() {
            return tool + " " + protocol + " " + run + " / " + scenario;
        }
    }

    /**
     * The write-strategies study: wall time of one strategy's run divided by its records. errorKind: where the run had
     * failed requests, their most frequent kind ("HTTP 502"); null where it had none, and in a summary from before.
     */
    public record WritePoint(
            String protocol,
            String strategy,
            int width,
            int records,
            long wallMs,
            double msPerRecord,
            boolean ok,
            String errorKind) {
        public String series() {
            return protocol + " " + strategy + (width > 1 ? "-" + width : "");
        }
    }

    /**
     * ApacheBench's summary of one `ab [-k] -c C -n N` run by a tool; connect/processing/waiting only where the tool
     * records them (JMeter), and the byte counts likewise (null for Gatling, which records neither).
     */
    public record AbRun(
            String tool,
            String protocol,
            String label,
            int concurrency,
            long completeRequests,
            long failedRequests,
            double timeTakenSeconds,
            double requestsPerSecond,
            double timePerRequestMs,
            double timePerRequestAcrossMs,
            Map<String, Times> times,
            Map<String, Long> servedWithinMs,
            Long documentLengthBytes,
            Long totalTransferredBytes,
            Long htmlTransferredBytes) {
        /** The same run without -k: the key that puts plain ab and ab -k side by side. */
        public String pairKey() {
            return tool + " " + protocol + " " + label.replace(" -k", "");
        }

        public boolean keepAlive() {
            return label.contains(" -k ");
        }
    }

    /** min, mean, sd, median, max in ms, like ab's "Connection Times" table. */
    public record Times(long min, double mean, double sd, long median, long max) {
        public static Times of(LatencyStats stats) {
            LatencyStats.Figures f = stats.figures();
            return new Times(f.minMs(), f.meanMs(), f.stdDevMs(), f.p50Ms(), f.maxMs());
        }
    }

    /** JMeter's sample overview of the study: load time, connect time, latency (first byte), bytes. */
    public record JmeterOverview(
            String protocol,
            String plan,
            String label,
            long samples,
            Times loadTimeMs,
            Times connectMs,
            Times latencyMs,
            double avgReceivedBytes,
            double avgSentBytes) {}

    public record Bulk(String status, String error, Map<String, Object> runtime, List<BulkRow> rows) {}

    public record BulkRow(
            String mode,
            String pair,
            int batchCount,
            int batchSize,
            int runs,
            int failedRuns,
            double avgSeconds,
            double maxSeconds,
            double medianSeconds,
            double minSeconds,
            double rowsPerSecond) {}

    /**
     * One tool's measured window of the calibration experiment on one route and wire, beside what the reference server
     * counted for the same requests (null where the target keeps no count) and, on the held route, the latency it was
     * asked to hold (null on the fast route). Throughputs are over each side's own window: the tool's from its first
     * request's start to its last answer, the server's from the first arrival to the last answer written.
     */
    public record CalibrationRow(
            String route,
            String tool,
            String protocol,
            long samples,
            double errorPct,
            double throughputPerSec,
            long p50Ms,
            long p99Ms,
            Long serverCount,
            Double serverThroughputPerSec,
            Double serverHoldP50Ms,
            Double serverHoldP99Ms,
            Integer configuredLatencyMs) {
        public String key() {
            return tool + " " + protocol + " calibration / " + route;
        }
    }

    /**
     * One request of an experiment of your own on one wire: each tool's samples, median and error share (null where
     * the tool did not run it), and the server's count of each tool's requests under their tag (null where the target
     * keeps no count; 0 where it counted other requests of the experiment but none of these).
     */
    public record OwnRequestRow(
            String experiment,
            String request,
            String protocol,
            Long gatlingSamples,
            Long jmeterSamples,
            Long serverGatling,
            Long serverJmeter,
            Long gatlingP50Ms,
            Long jmeterP50Ms,
            Double gatlingErrorPct,
            Double jmeterErrorPct) {
        public String key(String tool) {
            return tool + " " + protocol + " " + experiment + " / " + request;
        }
    }

    /** A tool's own HTML report, copied under reports/; path is relative to reports/. */
    public record NativeReport(String tool, String protocol, String name, String path) {}

    /**
     * The samples of one tool x protocol x run per time bucket, from its first sample's start (epoch ms): throughput,
     * percentiles and errors over time, as Gatling's own report draws them, so that an outage or a slow patch shows
     * where it happened. A sample counts in the bucket it started in; buckets without samples are there (zero), so a
     * run has every bucket from its first to its last; bucketSeconds keeps a run within about 120.
     */
    public record Timeline(
            String tool, String protocol, String run, long startEpochMs, int bucketSeconds, List<TimeBucket> buckets) {
        public long errors() {
            return buckets.stream().mapToLong(TimeBucket::errors).sum();
        }
    }

    /**
     * One time bucket: its start in seconds after the run's first sample, its samples, its failed ones by kind, and the
     * nearest-rank p50/p95/p99 in ms of its samples (null without samples, and in a summary from before schema 3).
     */
    public record TimeBucket(
            long fromSecond,
            long samples,
            long errors,
            Map<String, Long> errorsByKind,
            Long p50Ms,
            Long p95Ms,
            Long p99Ms) {}

    /**
     * Where a stress run stopped: its steps in order (Gatling: the arrival rate of each step, in requests/s; JMeter: the
     * threads running, in threads), the last step with samples, the error % there against the run's own limit
     * (api.stress.maxErrorPct, jmeter.stress.errorLimitPercent), and how it ended: "error limit" (the last step's error
     * % passed the limit: the run stopped itself), "top step" (it ran its last planned step), or "ended early" (neither:
     * stopped by a duration cap, a crash, or a JMeter window that judged a share of two steps).
     */
    public record StressStop(
            String tool,
            String protocol,
            String run,
            String unit,
            int lastStep,
            double lastStepErrorPct,
            Map<String, Long> lastStepErrorsByKind,
            Integer topStep,
            double limitPct,
            String ending,
            List<StressStep> steps) {}

    /** One step of a stress run: its samples, error % and failed requests by kind. */
    public record StressStep(int step, long samples, double errorPct, Map<String, Long> errorsByKind) {}

    /**
     * A run that more than one load generator sent: Gatling injectors whose logs the report merged (kind "injector"),
     * or the JMeter engines a controller drove (kind "engine"). count: how many took part; parts: each one's own
     * figures, counted from its own log or its own samples; total: the run's figures as merged. The gate checks that
     * the parts' samples add up to the run's "all requests"/"all samples" row.
     */
    public record LoadGenerators(
            String tool, String protocol, String run, String kind, int count, List<Generator> parts, Generator total) {
        public String key() {
            return tool + " " + protocol + " " + run;
        }
    }

    /**
     * One load generator's samples in a run (or the run's total): failed ones, its first sample's start and its last
     * sample's end (epoch ms), and its throughput over that time (samples per second).
     */
    public record Generator(
            String name, long samples, long errors, long firstEpochMs, long lastEpochMs, double throughputPerSec) {}
}
