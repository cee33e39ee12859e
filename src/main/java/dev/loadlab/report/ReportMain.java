package dev.loadlab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.loadlab.live.LiveState;
import dev.loadlab.report.compare.ComparedRuns;
import dev.loadlab.report.compare.RunArchive;
import dev.loadlab.report.gate.StoredVerdict;
import dev.loadlab.report.index.IndexPage;
import dev.loadlab.report.index.SummaryMarkdown;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Runner;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.BuildRuns;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.report.read.NativeReports;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.report.read.Stalls;
import dev.loadlab.report.read.TargetCounts;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.shared.BuildStop;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds reports/ after the load runs (post-integration-test): each tool's own report copied in, summary.json with
 * every figure, and index.html; then keeps the run under reports/runs/&lt;run.label&gt;/ and writes compare.html. A
 * missing or broken result file is one line; the rest is still reported. Exit status 2 only for a bad setting; never
 * fails the build for results (that is the gate's job, in verify). With -Dmerge.jobs it is the merge of a build's jobs
 * ({@link JobsMerge}), which ends with the gate.
 * Settings come from {@link Settings#fromSystem()} ({@code -Dloadlab.resolved=...} in the build).
 */
public final class ReportMain {
    /** Passed by the pom from its JMeter version; not a knob, as the build pins the version. */
    static final String JMETER_VERSION_PROPERTY = "jmeter.version";
    /** The run in Markdown, for a CI step summary or a pull request: verdict, findings, a line per experiment. */
    static final String SUMMARY_MARKDOWN = "summary.md";

    private ReportMain() {}

    /** In Maven's JVM (exec:java): the argument is the project's folder; a report it cannot write is the build's error. */
    public static void main(String[] args) throws IOException {
        Path basedir = Path.of(args.length > 0 ? args[0] : "");
        try {
            if (JobsMerge.named()) { // exec:java@merge of a build's jobs, which ends with the gate's verdict
                JobsMerge.main(basedir);
                return;
            }
            run(basedir, Settings.fromSystem());
        } catch (SettingError e) {
            throw new BuildStop("loadlab report: " + e.getMessage());
        } catch (IOException e) {
            throw new BuildStop("loadlab report: cannot write the report: " + e.getMessage());
        }
    }

    /**
     * Writes summary.json and index.html under {@code <basedir>/reports/}, from what the build left in target/, keeps
     * the run under reports/runs/ and writes compare.html.
     */
    public static void run(Path basedir, Settings settings) throws IOException {
        BuildLayout layout = new BuildLayout(basedir);
        List<String> compared = ComparedRuns.named(settings); // checked before build() clears reports/
        int keepReports = settings.integer(ReportKnobs.KEEP_REPORTS);
        Summary summary = build(layout, settings);
        publish(layout, settings, summary, compared, keepReports, true, () -> GateMain.checks(basedir, settings));
    }

    /** The gate's checks of the summary.json just written. */
    interface Judge {
        List<Check> checks() throws IOException;
    }

    /**
     * Writes summary.json, keeps the run under reports/runs/ (with the build's progress.tsv when {@code ownProgress}),
     * judges it, and writes index.html, summary.md and compare.html: the same for a build and a merge of its jobs.
     */
    static void publish(
            BuildLayout layout,
            Settings settings,
            Summary summary,
            List<String> compared,
            int keepReports,
            boolean ownProgress,
            Judge judge)
            throws IOException {
        Path basedir = layout.basedir();
        Path reports = layout.reports();
        Files.createDirectories(reports);
        new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .writeValue(layout.summary().toFile(), summary);
        RunArchive.keep(layout, summary.run().label(), ownProgress);
        RunArchive.prune(layout, keepReports);
        // the gate's verdict on the summary.json just written, as the gate in verify will find it; a file the gate
        // cannot read leaves the page without a verdict (the gate then fails in verify, naming the file)
        List<Check> checks;
        Files.deleteIfExists(layout.verdict());
        try {
            checks = judge.checks();
            StoredVerdict.write(layout.verdict(), layout.summary(), checks);
        } catch (IOException | RuntimeException e) {
            System.out.println("loadlab report: no verdict on the page: " + e.getMessage());
            checks = null;
        }
        Files.writeString(
                reports.resolve("index.html"),
                IndexPage.render(
                        summary,
                        RunArchive.labels(layout).size(),
                        checks,
                        // a merge's jobs each ran on a machine of its own: their timelines are in their own reports
                        ownProgress ? LiveState.whole(layout.target().resolve("loadlab")) : null),
                StandardCharsets.UTF_8);
        Files.writeString(
                reports.resolve(SUMMARY_MARKDOWN),
                SummaryMarkdown.render(summary, checks, GateMain.baseline(basedir, settings)),
                StandardCharsets.UTF_8);
        CompareMain.write(layout, compared);
        System.out.println("loadlab report: " + reports.resolve("index.html") + " ("
                + summary.scenarios().size() + " scenario rows, "
                + summary.missing().size() + " missing or broken inputs)");
    }

    static Summary build(BuildLayout layout, Settings settings) throws IOException {
        // every setting is read before any result, so that a bad one stops the report before it clears reports/
        BuildRuns ran = BuildRuns.read(layout, settings);
        Study.Inputs inputs = new Study.Inputs(layout, settings, ran, Stalls.read(layout.stalls()));
        List<Study> studies = Studies.ran(ran.experiments());
        // each study's reader of its own runs: of its Gatling runs by its simulations' names, offered every JMeter plan
        Map<String, RunReader> gatlingReaders = new LinkedHashMap<>();
        List<RunReader> readers = new ArrayList<>();
        for (Study study : studies) {
            study.reader(inputs).ifPresent(reader -> {
                readers.add(reader);
                study.experiment().simulationNames().forEach(name -> gatlingReaders.put(name, reader));
            });
        }
        ZonedDateTime now = ZonedDateTime.now();
        String label = RunArchive.label(settings, now);
        String targetUrl = UrlMask.mask(settings.get(TargetKnobs.URL));
        String tlsUrl = UrlMask.mask(settings.get(TargetKnobs.TLS_URL));
        Parts parts = new Parts();
        List<Path> injectorResults = GatlingResults.injectorFolders(layout, settings);
        new GatlingResults(layout.gatling(), gatlingReaders)
                .readInto(parts, ran.gatling(), ran.since(), injectorResults);
        new JmeterResults(layout.jmeterResults(), readers).readInto(parts, ran.jmeter());
        readers.forEach(r -> r.finish(parts));
        TargetCounts.readInto(parts, layout, settings, ran); // where each run's requests went, and what was not sent
        // each row labelled with the experiment its run started as (the build's plan), which every later step reads
        parts.rows.replaceAll(r -> r.labelled(ran.experimentOf(r.tool(), r.run())));
        // after every tool's rows: each experiment that ran reads what it left beyond them (wrk's output, the bench's
        // results, the server's counts), and the calibration and your own set the tools' rows beside the server's
        for (Study study : studies) {
            study.read(inputs, parts);
        }
        parts.stalls.addAll(inputs.stalls().ofRuns(parts.timelines));
        NativeReports.clear(layout.reports());
        NativeReports.copyInto(
                layout.reports(),
                layout.gatling(),
                layout.jmeterReports(),
                ran,
                parts,
                NativeReports.Pages.of(settings));
        parts.toolVersions.put("JMeter", System.getProperty(JMETER_VERSION_PROPERTY, "unknown"));
        Runner runner = Runner.ofThisMachine(parts.rows);
        Summary.Run run = new Summary.Run(
                now.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                gitCommit(layout.basedir()),
                settings.scale().id(),
                targetUrl,
                tlsUrl,
                runner.cores(),
                runner.jvm(),
                parts.toolVersions,
                parts.serverStartupMs,
                ran.experiments(),
                ran.leftOut(),
                label,
                ran.wiresLeftOut(),
                List.of(runner));
        return new Summary(
                run,
                parts.missing,
                parts.rows,
                parts.jmeterSamples,
                parts.nativeReports,
                parts.timelines,
                parts.generators,
                parts.stalls,
                parts.targets,
                parts.figures);
    }

    /** The commit the build ran from, with "+changes" when the work tree differs; "unknown" outside git. */
    static String gitCommit(Path basedir) {
        try {
            // absolute: the working directory is Path.of(""), which a process cannot be started in
            Path dir = basedir.toAbsolutePath();
            String head = git(dir, "rev-parse", "--short=12", "HEAD");
            if (head.isEmpty()) {
                return "unknown";
            }
            return git(dir, "status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "+changes";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(concat("git", args))
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.waitFor() == 0 ? out : "";
    }

    private static List<String> concat(String first, String... rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), java.util.Arrays.stream(rest))
                .toList();
    }
}
