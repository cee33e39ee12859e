package dev.loadlab.studies.latency;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.studies.RunRows;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Study 001, ab against a serverless function: ab-style runs in both tools, and ab itself beside them. */
public final class LatencyStudy implements Study {
    /** As -Dexperiments names it. */
    public static final String NAME = "latency";

    /** HTTP/1.1 only: the study compares with ab, which speaks only HTTP/1.x. */
    @Override
    public List<Setting> settings() {
        return LatencyKnobs.ALL;
    }

    @Override
    public List<Setting> planProperties() {
        return LatencyKnobs.PLAN_PROPERTIES;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "LatencySimulation")
                .plansOn(Experiment.PlanWires.HTTP1_ONLY)
                .askedBeforeLoad(s -> Experiment.Check.get(LatencyKnobs.latencyPath(s))
                        .answered(body -> FooBarAnswer.beforeLoad(s, body)));
    }

    /**
     * The ab study's Test 1 ran against a function no request had warmed; by the time Gatling's cold run comes, the
     * embedded target has served the experiments before it. So with latency.coldRun, a reference server of its own per
     * wire Gatling runs, which nothing loads before that run; on a target of yours the cold run is simply the first
     * request to latency.path (docs/studies.md).
     */
    @Override
    public List<Companion> companions(Settings settings, List<Wire> gatlingWires) {
        if (!settings.bool(LatencyKnobs.LATENCY_COLD_RUN)) {
            return List.of();
        }
        return gatlingWires.stream()
                .map(w -> Companion.ofTools(
                        "cold-target-" + w.id,
                        TargetKnobs.COLD_URL_PREFIX + w.id,
                        w.tls,
                        LatencyKnobs.LATENCY_COLD_RUN.name()))
                .toList();
    }

    /** ab itself on the study's route, beside the tools' ab-style runs. */
    @Override
    public Optional<OutsideTools.Run> outside() {
        return Optional.of(AbOutput::run);
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

    /**
     * Its ab-style runs: Gatling's from each run's log, JMeter's from its plan's samples, then ab's own output; and per
     * tool, wire and ab run the spread of its repeats (-Drepeats; null in a summary from before them).
     */
    public record Figures(List<AbRun> abRuns, List<AbRuns.Range> abRanges) {
        public Figures(List<AbRun> abRuns) {
            this(abRuns, AbRuns.ranges(abRuns));
        }
    }

    /** Its reader of both tools' ab-style runs; ab's own output is read once the tools' are. */
    @Override
    public Optional<RunReader> reader(Inputs in) {
        List<AbRun> runs = new ArrayList<>();
        return Optional.of(new RunReader() {
            @Override
            public void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
                runs.addAll(AbRuns.of(protocol, log));
            }

            @Override
            public Optional<JmeterSamples> plan(String protocol, String plan, List<String> header, Parts parts) {
                return JmeterAbRuns.of(protocol, plan, header, runs::add);
            }

            @Override
            public void finish(Parts parts) {
                runs.addAll(AbOutput.read(in.outside(), parts));
                if (!runs.isEmpty()) {
                    parts.figures(NAME, new Figures(runs));
                }
            }
        });
    }

    /** The ab-style runs this summary keeps; none where it did not run. */
    static List<AbRun> abRuns(Summary s) {
        return s.figures(NAME, Figures.class).map(Figures::abRuns).orElse(List.of());
    }

    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<String> parts = new ArrayList<>();
        for (String tool : List.of("gatling", "jmeter")) {
            RunRows.whole(s, experiment).stream()
                    .filter(r -> r.tool().equals(tool) && r.protocol().startsWith("HTTP/1.1"))
                    .min(Comparator.comparingLong(Summary.Row::p50Ms))
                    .ifPresent(r -> parts.add(tool + " p50 " + r.p50Ms() + " ms, p99 " + r.p99Ms() + " ms ("
                            + r.protocol() + ", " + r.run() + ")"));
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(experiment, String.join("; ", parts), "ab"));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(AbSection.apacheBench(abRuns(s)));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(NAME, "ApacheBench-style latency", List.of(Studies.scenarios(NAME), abComparison()));
    }

    /** Each ab run at its repeats' median (-Drepeats; a run of one is its own median). */
    private static Comparison<AbRuns.Range> abComparison() {
        return new Comparison<>(
                "latency-ab",
                "ab runs (over repeats, their median)",
                "tool protocol ab run",
                s -> AbRuns.ranges(abRuns(s)),
                r -> r.tool() + " " + r.protocol() + " " + r.label(),
                List.of(
                        figure("requests/s", r -> r.requestsPerSecond().median()),
                        figure("time per request ms", r -> r.timePerRequestMs().median()),
                        figure("failed requests", AbRuns.Range::failedRequests),
                        figure("repeats", AbRuns.Range::repeats)),
                List.of(chart("Requests per second", "requests/s", "requests/s")));
    }
}
