package dev.loadlab.report.jobs;

import dev.loadlab.report.gate.StoredVerdict;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one job of a build split by experiment left for the merge (docs/ci.md, "-Pfull as parallel jobs"), laid out as
 * in the job's own project: {@code reports/} (summary.json and the tools' own reports) and
 * {@code target/loadlab/gate-checks.json}, the checks the job's report step made of that very summary.json (it names
 * the summary by its SHA-256). A folder that is missing, holds no run, or no checks of its run has one line saying so
 * ({@link #problem}): the merge shows it and its gate fails on it.
 *
 * @param name    the folder as -Dmerge.jobs names it
 * @param summary the job's summary.json; null when it left none that can be read
 * @param checks  the job's gate checks; empty when it left none of its summary
 * @param movedReports its native reports' folders (under reports/) that the merge puts elsewhere, by where they go: a
 *                     JMeter dashboard of a run other jobs ran too ({@link SharedRuns})
 */
public record JobFolder(
        String name,
        BuildLayout layout,
        Summary summary,
        List<Check> checks,
        String problem,
        Map<String, String> movedReports) {

    public static JobFolder read(String name, Path dir) {
        BuildLayout layout = new BuildLayout(dir);
        if (!Files.isDirectory(dir)) {
            return new JobFolder(
                    name,
                    layout,
                    null,
                    List.of(),
                    "no folder " + dir + ": the job left nothing here (did it run, and was its artifact put there?)",
                    Map.of());
        }
        Summary summary;
        try {
            summary = Summary.read(
                    layout.summary(), "no run in it: the job's report step did not run, or its reports/ was not kept");
        } catch (IOException e) {
            return new JobFolder(name, layout, null, List.of(), e.getMessage(), Map.of());
        }
        Optional<List<Check>> checks;
        String unreadable = "";
        try {
            checks = StoredVerdict.read(layout.verdict(), layout.summary());
        } catch (IOException | RuntimeException e) {
            checks = Optional.empty();
            unreadable = " (" + e.getMessage() + ")";
        }
        if (checks.isEmpty()) {
            return new JobFolder(
                    name,
                    layout,
                    summary,
                    List.of(),
                    "its run has no gate checks beside it: " + layout.verdict() + " is missing, unreadable or of"
                            + " another summary.json" + unreadable + ", so the job's checks cannot be merged",
                    Map.of());
        }
        return new JobFolder(name, layout, summary, checks.get(), null, Map.of());
    }

    /** The job left a run: its rows are merged (its checks too, when it has no problem). */
    public boolean ran() {
        return summary != null;
    }

    /** One line on what the job did not leave; empty when it left its run and the checks of it. */
    public Optional<String> trouble() {
        return Optional.ofNullable(problem);
    }

    /** The experiments the job ran, as its summary names them. */
    public List<String> experiments() {
        return summary == null || summary.run().experiments() == null
                ? List.of()
                : summary.run().experiments();
    }
}
