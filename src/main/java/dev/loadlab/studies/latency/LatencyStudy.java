package dev.loadlab.studies.latency;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.AbRun;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.AbRuns;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.GatlingRunReader;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.RunRows;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Study 001, ab against a serverless function: ab-style runs in both tools, and ab itself beside them. */
public final class LatencyStudy implements Study {
    private static final String NAME = ContractKnobs.LATENCY;

    /** HTTP/1.1 only: the study compares with ab, which speaks only HTTP/1.x. */
    @Override
    public Experiment experiment() {
        return Experiment.study(
                NAME,
                Experiment.PlanWires.HTTP1_ONLY,
                s -> Optional.of(Experiment.Check.get(ContractKnobs.latencyPath(s))),
                "LatencySimulation");
    }

    /** ab's own output of each run (the outside tools ran it beside the others). */
    @Override
    public void read(Inputs in, Parts parts) {
        in.outside().readAbInto(parts);
    }

    /** The fastest p50 each tool measured over HTTP/1.1 (the ab study's wire). */
    /** Its simulation's ab-like runs, from each run's log (the summary's abRuns, beside JMeter's and ab's own). */
    @Override
    public Optional<GatlingRunReader> gatlingReader(Settings settings) {
        return Optional.of(new GatlingRunReader() {
            @Override
            public void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
                parts.abRuns.addAll(AbRuns.of(protocol, log));
            }

            @Override
            public void finish(Parts parts) {}
        });
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
        return List.of(AbSection.apacheBench(s.abRuns()));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(NAME, "ApacheBench-style latency", List.of(Studies.scenarios(NAME), abRuns()));
    }

    private static Comparison<AbRun> abRuns() {
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
}
