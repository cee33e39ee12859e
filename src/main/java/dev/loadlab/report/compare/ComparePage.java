package dev.loadlab.report.compare;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Templates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

/**
 * reports/compare.html: the runs kept under reports/runs/ side by side. "The runs" first (what each was run against
 * and with), what changed from the first to the last, then one section per experiment ({@link CompareSection}), each
 * table with a group of columns per run and bar charts with the runs' bars side by side. One file, scripts inline: it
 * opens offline.
 */
public final class ComparePage {
    private ComparePage() {}

    /** {@code noise}: how far two runs' figures may stand apart and still be the same (Studies#noise). */
    public static String render(
            ComparedRuns compared, List<CompareSection> sections, BiFunction<Summary, Summary, Changes.Noise> noise) {
        List<Section> page = new ArrayList<>();
        if (!compared.problems().isEmpty()) {
            page.add(Section.of(
                    "problems",
                    "Left out",
                    Block.notice("Runs that cannot be compared (the others are):", compared.problems())));
        }
        page.add(Section.of("runs", "The runs", runs(compared.runs())));
        Section changes = changes(compared.runs(), noise);
        if (changes != null) {
            page.add(changes);
        }
        for (CompareSection section : sections) {
            Section s = section(section, compared.runs());
            if (s != null) {
                page.add(s);
            }
        }
        return Templates.page(new Page(
                "loadlab: runs compared",
                List.of(
                        Block.text("Hover a chart for its values; click a legend entry to switch that series off or"
                                + " on."),
                        Block.linked("The latest run:", "its report", "index.html")),
                null,
                null,
                page));
    }

    /** The last run against the first, figure by figure (Changes); nothing for a single run. */
    private static Section changes(List<ComparedRuns.Run> runs, BiFunction<Summary, Summary, Changes.Noise> noiseOf) {
        if (runs.size() < 2) {
            return null;
        }
        ComparedRuns.Run first = runs.get(0);
        ComparedRuns.Run last = runs.get(runs.size() - 1);
        Changes.Noise noise = noiseOf.apply(first.summary(), last.summary());
        return Changes.section(first.label(), last.label(), noise, Changes.of(first.summary(), last.summary(), noise));
    }

    private static Section section(CompareSection section, List<ComparedRuns.Run> runs) {
        List<Block> blocks = new ArrayList<>();
        for (Comparison<?> comparison : section.comparisons()) {
            blocks.addAll(CompareTable.render(section.experiment(), comparison, runs));
        }
        if (blocks.isEmpty()) {
            if (section.experiment().equals(CompareSection.OTHER)) {
                return null; // most runs have no plan of their own: no empty section for them
            }
            blocks.add(Block.text("No compared run has results of this experiment."));
        }
        return Section.of("compare-" + section.experiment(), section.title(), blocks);
    }

    private static Block runs(List<ComparedRuns.Run> runs) {
        if (runs.isEmpty()) {
            return Block.text("No run to compare: each mvn verify keeps one under reports/runs/.");
        }
        List<List<Object>> rows = new ArrayList<>();
        for (ComparedRuns.Run r : runs) {
            Summary.Run run = r.summary().run();
            rows.add(Arrays.asList(
                    r.label(),
                    run.date(),
                    run.gitCommit(),
                    run.profile(),
                    run.targetUrl(),
                    run.experiments() == null
                            ? "all (from before -Dexperiments)"
                            : String.join(", ", run.experiments()),
                    run.jvm(),
                    run.cores()));
        }
        return Block.table(
                "runs",
                List.of("label", "date", "git commit", "scale", "target URL", "experiments", "JVM", "cores"),
                rows);
    }
}
