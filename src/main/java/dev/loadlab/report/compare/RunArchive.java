package dev.loadlab.report.compare;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The runs kept under {@code reports/runs/<label>/}: each build's summary.json and its tools' own reports, so that
 * runs accumulate and compare.html can set them side by side. reports/ itself holds only the latest build;
 * {@link NativeReports#clear} never touches runs/.
 */
public final class RunArchive {
    static final String RUNS = "runs";
    /** A label chosen when none is given: the report's local time, sortable and valid as {@code run.label}. */
    static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunArchive() {}

    /** -Drun.label, else the time the report is written. */
    public static String label(Settings settings, ZonedDateTime now) {
        String given = settings.get(ReportKnobs.RUN_LABEL);
        return given.isEmpty() ? now.format(TIMESTAMP) : given;
    }

    public static Path runsDir(BuildLayout layout) {
        return layout.reports().resolve(RUNS);
    }

    /**
     * Copies reports/summary.json and reports/gatling, reports/jmeter into runs/&lt;label&gt;/ (the native reports'
     * paths in the summary stay valid relative to it), and the build's progress.tsv: when each run started, which the
     * next build at this scale plans its time left by. A run of the same label is replaced, in one line.
     */
    public static void keep(BuildLayout layout, String label) throws IOException {
        keep(layout, label, true);
    }

    /**
     * As {@link #keep(BuildLayout, String)}; without {@code withProgress} the build's progress.tsv is not this run's
     * (a merge of jobs that ran side by side, whose run starts time no one build).
     */
    public static void keep(BuildLayout layout, String label, boolean withProgress) throws IOException {
        Path reports = layout.reports();
        Path run = runsDir(layout).resolve(label);
        if (Files.exists(run)) {
            Trees.delete(run);
            System.out.println("loadlab report: run " + label + " already existed in " + runsDir(layout)
                    + ": replaced by this build's");
        }
        Files.createDirectories(run);
        Files.copy(layout.summary(), run.resolve("summary.json"));
        Path progress = layout.target().resolve("loadlab/progress.tsv");
        if (withProgress && Files.isRegularFile(progress)) {
            Files.copy(progress, run.resolve(progress.getFileName()));
        }
        for (String tool : List.of("gatling", "jmeter")) {
            Trees.copy(reports.resolve(tool), run.resolve(tool)); // absent: that tool did not run
        }
        System.out.println("loadlab report: this run is kept as " + run);
    }

    /**
     * The tools' own reports of the newest {@code keep} runs only (by when each was kept): an older run keeps its
     * summary.json and progress.tsv, all that compare.html and a baseline read. Returns the runs pruned now.
     */
    public static List<String> prune(BuildLayout layout, int keep) throws IOException {
        Path runs = runsDir(layout);
        List<Path> newestFirst = labels(layout).stream()
                .map(runs::resolve)
                .sorted(Comparator.comparing(RunArchive::keptAt).reversed())
                .toList();
        List<String> pruned = new ArrayList<>();
        for (Path run : newestFirst.subList(Math.min(keep, newestFirst.size()), newestFirst.size())) {
            boolean had = false;
            for (String tool : List.of("gatling", "jmeter")) {
                if (Files.isDirectory(run.resolve(tool))) {
                    Trees.delete(run.resolve(tool));
                    had = true;
                }
            }
            if (had) {
                pruned.add(run.getFileName().toString());
            }
        }
        if (!pruned.isEmpty()) {
            System.out.println("loadlab report: the tools' own reports of " + pruned.size() + " older run(s) removed, "
                    + "their summary.json kept (" + ReportKnobs.KEEP_REPORTS.name() + "=" + keep + "): "
                    + String.join(", ", pruned));
        }
        return pruned;
    }

    /** When a run was kept: its summary.json's time (written anew by each keep), else its folder's. */
    private static FileTime keptAt(Path run) {
        try {
            Path summary = run.resolve("summary.json");
            return Files.getLastModifiedTime(Files.isRegularFile(summary) ? summary : run);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** The labels under runs/, sorted; a folder is a run whatever it holds (an unreadable one is named later). */
    public static List<String> labels(BuildLayout layout) throws IOException {
        Path runs = runsDir(layout);
        if (!Files.isDirectory(runs)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            return dirs.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .sorted()
                    .toList();
        }
    }
}
