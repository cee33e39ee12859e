package dev.loadlab.report;

import dev.loadlab.report.compare.Changes;
import dev.loadlab.report.compare.ComparePage;
import dev.loadlab.report.compare.ComparedRuns;
import dev.loadlab.report.compare.RunArchive;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.BuildStop;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes reports/compare.html from the runs kept under reports/runs/, without sending any load. ReportMain calls it
 * after each build keeps its run; {@code mvn -q exec:java@compare [-Dcompare=a,b]} runs it alone (in Maven's JVM,
 * so a problem is an exception, never System.exit). A run that cannot be compared is one line, on the page and here.
 */
public final class CompareMain {
    static final String PAGE = "compare.html";
    /** The last compared run against the first as a Markdown table, for a CI step summary or a pull request. */
    static final String MARKDOWN = "compare.md";

    private CompareMain() {}

    public static void main(String[] args) throws IOException {
        Path basedir = Path.of(args.length > 0 ? args[0] : "");
        Settings settings = Settings.fromSystem();
        List<String> named;
        try {
            named = ComparedRuns.named(settings);
        } catch (SettingError e) {
            throw new BuildStop("[loadlab] " + e.getMessage());
        }
        ComparedRuns compared = write(new BuildLayout(basedir), named);
        if (compared.runs().isEmpty()) {
            throw new BuildStop("no run to compare under " + RunArchive.runsDir(new BuildLayout(basedir))
                    + ": mvn verify keeps one each time it runs");
        }
    }

    /** Writes the page and says in one line what it compared, and in one line each what it could not. */
    static ComparedRuns write(BuildLayout layout, List<String> named) throws IOException {
        ComparedRuns compared = ComparedRuns.load(layout, named);
        Files.createDirectories(layout.reports());
        Path page = layout.reports().resolve(PAGE);
        Files.writeString(
                page, ComparePage.render(compared, Studies.compareSections(), Studies::noise), StandardCharsets.UTF_8);
        Path markdown = layout.reports().resolve(MARKDOWN);
        Files.deleteIfExists(markdown);
        List<ComparedRuns.Run> runs = compared.runs();
        if (runs.size() >= 2) {
            ComparedRuns.Run first = runs.get(0);
            ComparedRuns.Run last = runs.get(runs.size() - 1);
            Changes.Noise noise = Studies.noise(first.summary(), last.summary());
            List<Changes.Change> changes = Changes.of(first.summary(), last.summary(), noise);
            Files.writeString(
                    markdown, Changes.markdown(first.label(), last.label(), noise, changes), StandardCharsets.UTF_8);
            System.out.println("loadlab compare: " + markdown + " (" + last.label() + " against " + first.label()
                    + ": "
                    + changes.stream()
                            .filter(c -> c.verdict() == Changes.Verdict.WORSE)
                            .count() + " worse, "
                    + changes.stream()
                            .filter(c -> c.verdict() == Changes.Verdict.BETTER)
                            .count() + " better)");
        }
        compared.problems().forEach(p -> System.out.println("loadlab compare: " + p));
        System.out.println("loadlab compare: " + page + " ("
                + runs.size() + (runs.size() == 1 ? " run: " : " runs: ")
                + String.join(
                        ", ",
                        compared.runs().stream().map(ComparedRuns.Run::label).toList())
                + ")");
        return compared;
    }
}
