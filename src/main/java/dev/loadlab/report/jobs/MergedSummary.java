package dev.loadlab.report.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.report.model.Runner;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.SettingError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One summary.json of several jobs', as one build of all their experiments would have written it: each experiment is
 * one job's, so every row, figure and native report is that job's as it stands (nothing is computed again: no two jobs
 * share a run). The run's own facts are the jobs' where they agree and each one's, joined, where they do not (the URL
 * of each job's embedded target, a commit that moved between jobs).
 */
public final class MergedSummary {
    private MergedSummary() {}

    /**
     * Two jobs of one experiment would give it two sets of figures: the merge takes each from one job only, but those
     * every job may run on its own runner (the calibration), which it keeps apart ({@link SharedRuns}).
     */
    public static void eachExperimentOnce(List<JobFolder> jobs) {
        Map<String, String> byExperiment = new LinkedHashMap<>();
        for (JobFolder job : jobs) {
            for (String experiment : job.experiments()) {
                if (SharedRuns.inEveryJob(experiment)) {
                    continue;
                }
                String other = byExperiment.putIfAbsent(experiment, job.name());
                if (other != null) {
                    throw new SettingError("-Dmerge.jobs: " + other + " and " + job.name() + " both ran " + experiment
                            + ": a merge takes each experiment from one job; name one of them");
                }
            }
        }
    }

    /** The scale every job that left a run ran at: jobs of two scales are no one build, and none at all no build. */
    public static String scale(List<JobFolder> jobs) {
        List<JobFolder> ran = jobs.stream().filter(JobFolder::ran).toList();
        if (ran.isEmpty()) {
            throw new SettingError(
                    "-Dmerge.jobs=" + jobs.stream().map(JobFolder::name).collect(Collectors.joining(","))
                            + ": none of these folders holds a job's run (reports/summary.json): nothing to merge");
        }
        JobFolder first = ran.get(0);
        for (JobFolder job : ran) {
            if (!Objects.equals(
                    job.summary().run().profile(), first.summary().run().profile())) {
                throw new SettingError("-Dmerge.jobs: " + first.name() + " ran at "
                        + first.summary().run().profile()
                        + " and " + job.name() + " at " + job.summary().run().profile()
                        + ": the jobs of one merge run at one scale");
            }
        }
        return first.summary().run().profile();
    }

    /** Every job's run in one summary, labelled {@code label} and dated {@code date} (when the merge wrote it). */
    public static Summary of(List<JobFolder> jobs, String date, String label) {
        List<JobFolder> ran = jobs.stream().filter(JobFolder::ran).toList();
        List<Summary> all = ran.stream().map(JobFolder::summary).toList();
        // each job's own missing inputs, named by job: its paths are the job's runner's. A job that left nothing is not
        // one of them: the merge's gate fails on it (MergedVerdict), first on the page
        List<String> missing = new ArrayList<>();
        ran.forEach(j -> j.summary().missing().forEach(m -> missing.add(j.name() + ": " + m)));
        return new Summary(
                run(all, scale(jobs), date, label, runners(ran)),
                missing,
                concat(all, Summary::scenarios),
                concat(all, Summary::jmeterSamples),
                concat(all, Summary::nativeReports),
                concat(all, Summary::timelines),
                concat(all, Summary::generators),
                concat(all, Summary::stalls),
                concat(all, Summary::targets),
                figures(all));
    }

    /**
     * The machine each job ran on, named by the job: each job vouches for its own rows (its runner's cores and JVM are
     * its figures' context). A job from before summaries named their runner has its run's cores and JVM, host unknown.
     */
    private static List<Runner> runners(List<JobFolder> ran) {
        return ran.stream()
                .map(job -> {
                    Summary.Run r = job.summary().run();
                    // its rows' runs as the merge names them (a shared run by the job: SharedRuns)
                    List<String> runs = Runner.runs(job.summary().scenarios());
                    return r.runners().size() == 1
                            ? r.runners().get(0).asJob(job.name(), runs)
                            : new Runner(job.name(), "unknown", r.cores(), r.jvm(), runs);
                })
                .toList();
    }

    private static Summary.Run run(List<Summary> all, String scale, String date, String label, List<Runner> runners) {
        List<Summary.Run> runs = all.stream().map(Summary::run).toList();
        Set<String> experiments = new LinkedHashSet<>();
        runs.forEach(r -> experiments.addAll(r.experiments() == null ? List.of() : r.experiments()));
        // as a build lists them: the studies in their order, then your own in the jobs' order
        List<String> ordered = new ArrayList<>(ContractKnobs.EXPERIMENT_NAMES.stream()
                .filter(experiments::contains)
                .toList());
        experiments.stream().filter(e -> !ordered.contains(e)).forEach(ordered::add);
        Set<String> leftOut = new LinkedHashSet<>();
        ContractKnobs.EXPERIMENT_NAMES.stream()
                .filter(e -> !experiments.contains(e))
                .forEach(leftOut::add);
        // what a job left out beyond experiments (an injector's JMeter plans) stays said
        runs.forEach(r -> (r.experimentsLeftOut() == null ? List.<String>of() : r.experimentsLeftOut())
                .stream()
                        .filter(l -> !ContractKnobs.EXPERIMENT_NAMES.contains(l))
                        .forEach(leftOut::add));
        Map<String, String> toolVersions = new LinkedHashMap<>();
        runs.forEach(r -> (r.toolVersions() == null ? Map.<String, String>of() : r.toolVersions())
                .forEach((tool, version) ->
                        toolVersions.merge(tool, version, (a, b) -> a.equals(b) || a.contains(b) ? a : a + ", " + b)));
        return new Summary.Run(
                date,
                joined(runs, Summary.Run::gitCommit),
                scale,
                joined(runs, Summary.Run::targetUrl),
                joined(runs, Summary.Run::targetTlsUrl),
                // the smallest runner's: figures from a small machine read as such
                runs.stream().mapToInt(Summary.Run::cores).min().orElse(0),
                joined(runs, Summary.Run::jvm),
                toolVersions,
                // the slowest of the jobs' embedded targets to start
                runs.stream()
                        .map(Summary.Run::serverStartupMs)
                        .filter(Objects::nonNull)
                        .max(Long::compare)
                        .orElse(null),
                List.copyOf(ordered),
                List.copyOf(leftOut),
                label,
                runs.stream().flatMap(r -> r.wiresLeftOut().stream()).distinct().toList(),
                runners);
    }

    /** The jobs' values, each once, in the jobs' order; empty when none has one (a build's empty target URL). */
    private static String joined(List<Summary.Run> runs, Function<Summary.Run, String> value) {
        List<String> distinct = runs.stream()
                .map(value)
                .filter(v -> v != null && !v.isEmpty())
                .distinct()
                .toList();
        return String.join(Summary.JOINED, distinct);
    }

    /**
     * Each study's figures from the one job that ran its experiment (eachExperimentOnce), in the jobs' order; a study's
     * that every job runs, and the top-level fields of jobs from before schema 8, joined list by list (each job's
     * calibration rows after the last's; as the merge joined the ab runs and stress stops before schema 8).
     */
    private static Map<String, JsonNode> figures(List<Summary> all) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Summary s : all) {
            s.figures().forEach((name, node) -> {
                // a study's figures are kept as its job wrote them; only the top level and a study every job runs
                // (each job's lists, each element with its runner: SharedRuns) are joined, so only they are copied
                boolean join = name.equals(Summary.TOP_LEVEL) || SharedRuns.inEveryJob(name);
                JsonNode earlier = out.putIfAbsent(name, join ? node.deepCopy() : node);
                if (earlier instanceof ObjectNode joined && join) {
                    node.properties().forEach(f -> {
                        if (joined.get(f.getKey()) instanceof ArrayNode list
                                && f.getValue().isArray()) {
                            list.addAll((ArrayNode) f.getValue());
                        } else {
                            joined.putIfAbsent(f.getKey(), f.getValue());
                        }
                    });
                }
            });
        }
        return out;
    }

    private static <T> List<T> concat(List<Summary> all, Function<Summary, List<T>> part) {
        List<T> out = new ArrayList<>();
        all.forEach(s -> {
            List<T> items = part.apply(s);
            if (items != null) {
                out.addAll(items);
            }
        });
        return out;
    }
}
