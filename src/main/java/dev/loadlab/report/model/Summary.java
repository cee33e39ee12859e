package dev.loadlab.report.model;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.settings.StudyCatalogue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Everything {@code reports/summary.json} holds; index.html and the gate read only this. */
public record Summary(
        Run run,
        List<String> missing,
        List<Row> scenarios,
        List<JmeterOverview> jmeterSamples,
        List<NativeReport> nativeReports,

        @com.fasterxml.jackson.annotation.JsonAlias("errorsOverTime")
        List<Timeline> timelines,

        List<LoadGenerators> generators,
        List<RunStalls> stalls,
        List<TargetRequests> targets,
        Map<String, JsonNode> figures) {

    /**
     * The version of summary.json's shape, for the tools that read it: 9 named the run's runners (run.runners); 8 moved abRuns, calibration and stressStops into
     * the figures of their studies (latency, calibration, api-gateway), each by the same name; 7 added figures, each
     * study's of its own by its experiment's name (a team's studies', and bulk, writeStrategies, gatewaySteps,
     * gatewayKnees and ownRequests, which left the top level, each in its study's record by the same name); 6 added
     * where each run's requests went, by target, and what was not sent (targets); 5 added each run's stalls and the
     * calibration rows' (how late the tool's and the server's JVMs woke meanwhile); 4 gave the gateway steps each
     * process's millicores and MB, the time in the gateway, its queue and what broke a step, and the knees their
     * degradation point and headroom; 3 renamed errorsOverTime to timelines and gave each bucket its percentiles; 2
     * added ownRequests (1: every summary before it, which has no such field).
     */
    public static final int SCHEMA_VERSION = 9;

    /** Between the jobs' values of one run fact that differ in a merged run (each job's embedded target URL, say). */
    public static final String JOINED = ", ";

    /** Reads summary.json, and a study's figures in it as the study's own type; a field it does not know is ignored. */
    private static final ObjectMapper FIGURES =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    /**
     * Under this name in {@link #figures}: the fields a summary.json from before schema 8 held at its top level that
     * this version does not, a study's figures among them, which {@link #figures(String, Class)} gives a study by its
     * own record's names.
     */
    public static final String TOP_LEVEL = "(top level)";

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
            JsonNode root = FIGURES.readTree(file.toFile());
            summary = FIGURES.treeToValue(root, Summary.class);
            if (summary != null && root instanceof ObjectNode fields) {
                Set<String> known = new HashSet<>(Set.of("schemaVersion"));
                Arrays.stream(Summary.class.getRecordComponents()).forEach(c -> known.add(c.getName()));
                ObjectNode topLevel = FIGURES.createObjectNode();
                fields.properties().stream()
                        .filter(f -> !known.contains(f.getKey()))
                        .forEach(f -> topLevel.set(f.getKey(), f.getValue()));
                if (!topLevel.isEmpty()) {
                    Map<String, JsonNode> figures = new LinkedHashMap<>(summary.figures());
                    figures.put(TOP_LEVEL, topLevel);
                    summary = summary.withFigures(figures);
                }
            }
        } catch (IOException e) {
            throw new IOException(file + " is not a loadlab summary.json: "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        if (summary == null || summary.run() == null || summary.scenarios() == null) {
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
        generators = generators == null ? List.of() : generators;
        stalls = stalls == null ? List.of() : stalls;
        targets = targets == null ? List.of() : targets;
        figures = figures == null ? Map.of() : figures;
    }

    /**
     * The figures of the experiment named {@code experiment} as its study's own type; empty where it has none here (it
     * did not run, or wrote none). A study reads its own figures only: the summary knows them by name, not by type.
     */
    public <T> Optional<T> figures(String experiment, Class<T> type) {
        JsonNode node = figures.get(experiment);
        JsonNode topLevel = figures.get(TOP_LEVEL);
        if (node == null && topLevel != null && type.isRecord()) {
            // an older summary: the study's figures are the top-level fields its record names, if any is there
            boolean held = Arrays.stream(type.getRecordComponents()).anyMatch(c -> topLevel.hasNonNull(c.getName()));
            node = held ? topLevel : null;
        }
        return node == null || node.isNull() ? Optional.empty() : Optional.of(FIGURES.convertValue(node, type));
    }

    /** The same summary with these figures instead of its own. */
    public Summary withFigures(Map<String, JsonNode> figures) {
        return new Summary(
                run, missing, scenarios, jmeterSamples, nativeReports, timelines, generators, stalls, targets, figures);
    }

    /** A study's figures as summary.json holds them: any value Jackson writes (a record, a list, a map). */
    public static JsonNode figuresOf(Object value) {
        return FIGURES.valueToTree(value);
    }

    /**
     * The run as a whole; the target URLs are masked. serverStartupMs: the embedded target's own start-up;
     * experiments: those -Dexperiments chose, experimentsLeftOut: the others (no figure of theirs is here); label:
     * the name it is kept under in reports/runs/ (null in a summary from before runs were kept); wiresLeftOut: one
     * line per wire the target did not speak, which no tool loaded; runners: the machine each job ran on (one for a
     * build; one per job in a merge, each with its runs, so that every row says where it was measured).
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
            List<String> wiresLeftOut,
            List<Runner> runners) {
        /** A summary.json from before the wire check left none out, or before it named its runners. */
        public Run {
            wiresLeftOut = wiresLeftOut == null ? List.of() : wiresLeftOut;
            runners = runners == null ? List.of() : runners;
        }
    }

    /** A run's key: its tool, wire and run (simulation or plan), e.g. "gatling HTTP/2 LatencySimulation". */
    public static String runKey(String tool, String protocol, String run) {
        return tool + " " + protocol + " " + run;
    }

    /**
     * One tool x protocol x run x scenario in the API-gateway study's columns. Byte columns are null where the tool
     * does not record bytes (Gatling). errorsByKind: failed requests by {@link ErrorKind} key ("HTTP 503", "connection
     * refused", ...); errorDetails: per kind, the tool's raw messages and their counts (bounded, see
     * {@link ErrorTally}). A summary.json from before the kinds has raw messages as errorsByKind's keys and no details.
     * experiment: the one the build's plan labelled the run with when it started (build-plan.tsv); null in a summary
     * from before the label, where dev.loadlab.studies.Studies#experimentOf tells it from the run's name.
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
            Map<String, Map<String, Long>> errorDetails,
            String experiment) {
        public Row {
            errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
            errorDetails = errorDetails == null ? Map.of() : errorDetails;
        }

        /** Gatling's row of a whole run, every request of it (GatlingResults). */
        public static final String ALL_REQUESTS = "all requests";
        /** JMeter's row of a whole run, every sample of it (JmeterResults). */
        public static final String ALL_SAMPLES = "all samples";

        /** Whether it is a run's whole row, which repeats its requests' rows. */
        public boolean wholeRun() {
            return scenario.equals(ALL_REQUESTS) || scenario.equals(ALL_SAMPLES);
        }

        /** The same row, labelled with the experiment its run belongs to. */
        public Row labelled(String experiment) {
            return as(scenario, experiment);
        }

        /** The same figures under another scenario name and experiment label. */
        public Row as(String scenario, String experiment) {
            return new Row(
                    tool,
                    protocol,
                    run,
                    scenario,
                    samples,
                    avgMs,
                    minMs,
                    maxMs,
                    stdDevMs,
                    errorPct,
                    throughputPerSec,
                    receivedKBPerSec,
                    sentKBPerSec,
                    avgBytes,
                    p50Ms,
                    p75Ms,
                    p90Ms,
                    p95Ms,
                    p99Ms,
                    errorsByKind,
                    errorDetails,
                    experiment);
        }

        /** The experiment this row's run belongs to: the label its run started with, else (an older summary) its run's name's. */
        public String belongsTo() {
            return experiment != null ? experiment : StudyCatalogue.experimentOfRun(tool, run);
        }

        public String key() {
            return runKey() + " / " + scenario;
        }

        /** Its run's key: tool, wire and run, as every part of the summary that is per run names it. */
        public String runKey() {
            return Summary.runKey(tool, protocol, run);
        }
    }
}
