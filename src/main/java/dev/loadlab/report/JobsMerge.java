package dev.loadlab.report;

import dev.loadlab.report.compare.ComparedRuns;
import dev.loadlab.report.compare.RunArchive;
import dev.loadlab.report.gate.Gate;
import dev.loadlab.report.gate.GateSettings;
import dev.loadlab.report.gate.StoredVerdict;
import dev.loadlab.report.jobs.JobFolder;
import dev.loadlab.report.jobs.MergedSummary;
import dev.loadlab.report.jobs.MergedVerdict;
import dev.loadlab.report.jobs.SharedRuns;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.NativeReports;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.shared.BuildStop;
import dev.loadlab.shared.Trees;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mvn -q exec:java@merge -Dmerge.jobs=jobs/latency,jobs/bulk,...}: the jobs of one build split by experiment
 * (each {@code mvn verify -Pfull -Dexperiments=<one>} in a CI job of its own, docs/ci.md) made into one report and one
 * verdict, as one build of all their experiments would have made them: reports/summary.json, index.html, summary.md,
 * the run kept under reports/runs/, and the gate's checks (MergedVerdict); then the gate says its verdict, and a failed
 * one fails the command. The settings are the project's (its loadlab.properties and the command's -D) at the jobs'
 * scale; the merge sends no load.
 */
final class JobsMerge {
    private JobsMerge() {}

    /** Only a -D names jobs: a build that loads is refused the setting (Prepare), and makes its own report. */
    static boolean named() {
        return !System.getProperty(ReportKnobs.MERGE_JOBS.name(), "").isBlank();
    }

    static void main(Path basedir) throws IOException {
        int status;
        try {
            status = run(basedir, Settings.forBuild(basedir));
        } catch (SettingError e) {
            throw new BuildStop("loadlab merge: " + e.getMessage());
        }
        if (status != 0) {
            throw new BuildStop("loadlab merge: the merged jobs FAILED their gate (the lines above say which checks)");
        }
    }

    /** Writes the merged report and runs the gate on it: 0 when it passed, else 1. */
    static int run(Path basedir, Settings given) throws IOException {
        BuildLayout layout = new BuildLayout(basedir);
        List<JobFolder> read = given.items(ReportKnobs.MERGE_JOBS).stream()
                .map(folder -> JobFolder.read(folder, layout.resolve(folder)))
                .toList();
        MergedSummary.eachExperimentOnce(read);
        List<JobFolder> jobs = SharedRuns.keptApart(read);
        // the jobs' scale, whatever this command is given: a merge of -Pfull jobs is a full run, held to full's limits
        Settings settings = given.with(Map.of(TargetKnobs.SCALE.name(), MergedSummary.scale(jobs)));
        // every setting is read before reports/ is cleared, so that a bad one leaves the last report standing
        List<String> compared = ComparedRuns.named(settings);
        int keepReports = settings.integer(ReportKnobs.KEEP_REPORTS);
        NativeReports.Pages pages = NativeReports.Pages.of(settings);
        Optional<Summary> baseline = GateMain.baseline(basedir, settings);
        GateSettings limits = GateSettings.from(settings);
        ZonedDateTime now = ZonedDateTime.now();
        Summary merged = MergedSummary.of(
                jobs, now.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME), RunArchive.label(settings, now));

        NativeReports.clear(layout.reports());
        for (JobFolder job : jobs) {
            // each job's native reports where its summary's links expect them: no two jobs share a run's folder
            pages.copyGatlingReports(
                    job.layout().reports().resolve("gatling"), layout.reports().resolve("gatling"));
            // a dashboard another job has too goes to a folder of its own (SharedRuns), copied once, there
            Path jobReports = job.layout().reports();
            Trees.copy(
                    jobReports.resolve("jmeter"),
                    layout.reports().resolve("jmeter"),
                    file -> job.movedReports().keySet().stream()
                            .noneMatch(m -> file.startsWith(jobReports.resolve(m))));
            for (Map.Entry<String, String> moved : job.movedReports().entrySet()) {
                Trees.delete(layout.reports().resolve(moved.getKey())); // its folders only, made empty by the copy
                Trees.copy(jobReports.resolve(moved.getKey()), layout.reports().resolve(moved.getValue()));
            }
            System.out.println("loadlab merge: " + job.name() + ": "
                    + job.trouble()
                            .orElseGet(() -> String.join(", ", job.experiments()) + ", "
                                    + job.summary().scenarios().size() + " scenario rows, "
                                    + job.checks().size() + " checks"));
        }
        ReportMain.publish(layout, settings, merged, compared, keepReports, false, () -> {
            List<Check> checks = new ArrayList<>(MergedVerdict.of(jobs));
            if (baseline.isPresent()) {
                // the merged run, as written, against the baseline: as the gate of one build judges its own
                Summary written = Summary.read(layout.summary(), "");
                checks.addAll(Gate.regressions(written, baseline.get(), limits));
            }
            return checks;
        });
        if (StoredVerdict.read(layout.verdict(), layout.summary()).isEmpty()) {
            // the gate would judge the merged summary by this project's own build files: not the jobs' checks
            throw new IOException("the merged checks could not be kept in " + layout.verdict() + " (line above)");
        }
        int status = GateMain.run(basedir, settings);
        boolean studiesPassed = true;
        for (Study study : Studies.ran(merged.run().experiments())) {
            Optional<Study.Verdict> verdict = study.mergedVerdict(merged);
            verdict.ifPresent(v -> System.out.println(v.line()));
            studiesPassed &= verdict.map(Study.Verdict::passed).orElse(true);
        }
        return status == 0 && studiesPassed ? 0 : 1;
    }
}
