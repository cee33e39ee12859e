package dev.loadlab.report.compare;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The runs compare.html sets side by side: every run under reports/runs/ (oldest first), or those -Dcompare names,
 * in its order. What cannot be compared (a named run that is not there, a summary.json that cannot be read) is one
 * line each in {@code problems}; the other runs are still compared.
 */
public record ComparedRuns(List<Run> runs, List<String> problems) {

    /** A kept run: its label is its folder's name, whatever its summary says. */
    public record Run(String label, Summary summary) {}

    /** -Dcompare's labels, each once; empty for every run. */
    public static List<String> named(Settings settings) {
        return settings.get(ReportKnobs.COMPARE).isEmpty()
                ? List.of()
                : settings.items(ReportKnobs.COMPARE).stream().distinct().toList();
    }

    public static ComparedRuns load(BuildLayout layout, List<String> named) throws IOException {
        Path runsDir = RunArchive.runsDir(layout);
        List<String> present = RunArchive.labels(layout);
        List<String> problems = new ArrayList<>();
        List<String> chosen = new ArrayList<>();
        for (String label : named.isEmpty() ? present : named) {
            if (present.contains(label)) {
                chosen.add(label);
            } else {
                problems.add("-D" + ReportKnobs.COMPARE.name() + " names run " + label + ", which is not in " + runsDir
                        + "; the runs there: " + (present.isEmpty() ? "none" : String.join(", ", present)));
            }
        }
        List<Run> runs = new ArrayList<>();
        for (String label : chosen) {
            try {
                runs.add(new Run(label, Summary.read(runsDir.resolve(label).resolve("summary.json"), "")));
            } catch (IOException e) {
                problems.add("run " + label + " is left out: " + e.getMessage());
            }
        }
        if (named.isEmpty()) {
            runs.sort(Comparator.comparing(ComparedRuns::date, Comparator.nullsLast(Comparator.naturalOrder()))
                    .thenComparing(Run::label));
        }
        return new ComparedRuns(runs, problems);
    }

    /** When the run was reported; null where its summary holds no readable date. */
    private static OffsetDateTime date(Run run) {
        try {
            return run.summary().run().date() == null
                    ? null
                    : OffsetDateTime.parse(run.summary().run().date());
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
