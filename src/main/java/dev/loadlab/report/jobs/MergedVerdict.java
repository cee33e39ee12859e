package dev.loadlab.report.jobs;

import dev.loadlab.report.gate.Gate;
import dev.loadlab.report.model.Check;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The gate's checks of several jobs as one build's gate would make them. Each check of the gate is of one row, one
 * run or one experiment (a limit, a run's samples, a tool's own report, the calibration's truth, a stop), never of one
 * experiment against another, so one build of all the jobs' experiments makes each job's checks and no other: the
 * merge takes each job's as its report step made them from its own result files and settings
 * (target/loadlab/gate-checks.json), so that the JMeter CSVs and logs those checks read need not travel. Against
 * -Dbaseline the merged run is judged anew, by the merge: a job's own baseline checks are left out.
 */
public final class MergedVerdict {
    /** The kind of the check that fails a merge on a job that left no run, or no checks of it. */
    public static final String KIND = "job";

    private MergedVerdict() {}

    /**
     * A failed check per job that left no run or no checks of it, first (the cause of what is missing after it); then
     * the jobs' checks, grouped by kind in the order the gate makes them, each kind's in the jobs' order.
     */
    public static List<Check> of(List<JobFolder> jobs) {
        List<Check> out = new ArrayList<>();
        jobs.forEach(j -> j.trouble()
                .ifPresent(t -> out.add(
                        new Check(KIND, "job " + j.name(), "run and checks", "", t, "left by the job", false))));
        Map<String, List<Check>> byKind = new LinkedHashMap<>();
        for (JobFolder job : jobs) {
            for (Check c : job.checks()) {
                if (!c.kind().equals(Gate.BASELINE)) {
                    byKind.computeIfAbsent(c.kind(), k -> new ArrayList<>()).add(c);
                }
            }
        }
        byKind.values().forEach(out::addAll);
        return out;
    }
}
