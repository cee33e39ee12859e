package dev.loadlab.report.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.NativeReport;
import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TargetRequests;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The runs of an experiment that several jobs of a split build ran, each on its own runner ({@link
 * Study#runsInEveryJob}: the calibration), kept apart in the merge: in each job, its runs of such an experiment are
 * named by the job ({@code CalibrationSimulation @ jobs/latency}) in its rows and their other parts, its gate checks
 * and its JMeter reports' folders, and each element of the experiment's figures' lists is given the job as its
 * {@code runner}. The other experiments' runs stay as their job wrote them.
 */
public final class SharedRuns {
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    /** The fields that name a run in summary.json's parts: a run (Gatling's simulation, JMeter's plan), a plan. */
    private static final List<String> RUN_FIELDS = List.of("run", "plan");

    private SharedRuns() {}

    /** Whether the jobs may each run {@code experiment}: its study runs in every job. */
    static boolean inEveryJob(String experiment) {
        return Studies.study(experiment).map(Study::runsInEveryJob).orElse(false);
    }

    /** Each job as the merge takes it: where two or more ran an experiment of every job, its runs named by the job. */
    public static List<JobFolder> keptApart(List<JobFolder> jobs) {
        Map<String, Integer> ranBy = new LinkedHashMap<>();
        jobs.forEach(j -> j.experiments().forEach(e -> ranBy.merge(e, 1, Integer::sum)));
        Set<String> shared = new LinkedHashSet<>();
        ranBy.forEach((experiment, count) -> {
            if (count > 1 && inEveryJob(experiment)) {
                shared.add(experiment);
            }
        });
        return jobs.stream().map(j -> keptApart(j, shared)).toList();
    }

    /** The job's runs of the shared experiments named by the job; its runner's runs are its rows' (MergedSummary). */
    private static JobFolder keptApart(JobFolder job, Set<String> shared) {
        if (!job.ran() || job.experiments().stream().noneMatch(shared::contains)) {
            return job;
        }
        Summary s = job.summary();
        Set<String> names = new LinkedHashSet<>(shared);
        s.scenarios().stream().filter(r -> shared.contains(r.belongsTo())).forEach(r -> names.add(r.run()));
        String suffix = " @ " + job.name();
        Function<String, String> named = run -> names.contains(run) ? run + suffix : run;
        Map<String, String> moved = new LinkedHashMap<>();
        List<NativeReport> reports = new ArrayList<>();
        for (NativeReport r : s.nativeReports()) {
            // JMeter's dashboards are in a folder per plan: each job's of a shared plan gets one of its own
            String folder = r.path().substring(0, Math.max(0, r.path().lastIndexOf('/')));
            if (r.tool().equals("jmeter") && names.contains(r.name()) && !folder.isEmpty()) {
                String own = folder + "@" + job.name().replaceAll("[^A-Za-z0-9._-]", "-");
                moved.put(folder, own);
                reports.add(new NativeReport(
                        r.tool(),
                        r.protocol(),
                        named.apply(r.name()),
                        own + r.path().substring(folder.length())));
            } else {
                reports.add(r);
            }
        }
        Map<String, JsonNode> figures = new LinkedHashMap<>(s.figures());
        figures.replaceAll((study, node) -> shared.contains(study) ? withRunner(node, job.name()) : node);
        Summary kept = new Summary(
                s.run(),
                s.missing(),
                renamed(s.scenarios(), Summary.Row.class, named),
                renamed(s.jmeterSamples(), JmeterOverview.class, named),
                reports,
                renamed(s.timelines(), Timeline.class, named),
                renamed(s.generators(), LoadGenerators.class, named),
                renamed(s.stalls(), RunStalls.class, named),
                renamed(s.targets(), TargetRequests.class, named),
                figures);
        List<Check> checks = job.checks().stream()
                .map(c -> new Check(
                        c.kind(),
                        scenario(c.scenario(), names, suffix),
                        c.figure(),
                        c.baseline(),
                        c.now(),
                        c.limit(),
                        c.passed()))
                .toList();
        return new JobFolder(
                job.name(), job.layout(), kept, checks, job.trouble().orElse(null), moved);
    }

    /** A check's row, a run's or a figure's of a shared experiment, named by the job as its run is. */
    private static String scenario(String scenario, Set<String> names, String suffix) {
        for (String name : names) {
            if (scenario.contains(" " + name + " /")) {
                return scenario.replace(" " + name + " /", " " + name + suffix + " /");
            }
            if (scenario.endsWith(" " + name)) {
                return scenario + suffix;
            }
        }
        return scenario;
    }

    /** Items of a part of summary.json whose run (or plan) is a shared one, that run named by the job. */
    private static <T> List<T> renamed(List<T> items, Class<T> type, Function<String, String> named) {
        if (items == null) {
            return null;
        }
        List<T> out = new ArrayList<>(items.size());
        for (T item : items) {
            ObjectNode node = JSON.valueToTree(item);
            boolean changed = false;
            for (String field : RUN_FIELDS) {
                JsonNode value = node.get(field);
                if (value != null
                        && value.isTextual()
                        && !named.apply(value.asText()).equals(value.asText())) {
                    node.put(field, named.apply(value.asText()));
                    changed = true;
                }
            }
            try {
                out.add(changed ? JSON.treeToValue(node, type) : item);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a " + type.getSimpleName() + " that summary.json held: " + e, e);
            }
        }
        return out;
    }

    /** A shared experiment's figures, each element of their lists given the job as its runner. */
    private static JsonNode withRunner(JsonNode figures, String job) {
        JsonNode copy = figures.deepCopy();
        copy.forEach(field -> {
            if (field instanceof ArrayNode list) {
                list.forEach(e -> {
                    if (e instanceof ObjectNode element) {
                        element.put("runner", job);
                    }
                });
            }
        });
        return copy;
    }
}
