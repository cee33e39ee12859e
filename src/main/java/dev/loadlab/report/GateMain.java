package dev.loadlab.report;

import dev.loadlab.live.LimitStops;
import dev.loadlab.live.LivePage;
import dev.loadlab.live.Stops;
import dev.loadlab.report.gate.Agreement;
import dev.loadlab.report.gate.Gate;
import dev.loadlab.report.gate.GateSettings;
import dev.loadlab.report.gate.GateXml;
import dev.loadlab.report.gate.ReachChecks;
import dev.loadlab.report.gate.Replays;
import dev.loadlab.report.gate.SilentRuns;
import dev.loadlab.report.gate.SpokenWires;
import dev.loadlab.report.gate.StoredVerdict;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The gate in {@code verify}: checks reports/summary.json against the limits and, with {@code -Dbaseline=<an earlier
 * summary.json>}, against that run, and checks that its figures agree with each tool's own report; prints a table of
 * what failed, naming each scenario, writes a JUnit-style XML of every check for CI servers, and exits 1 when a check
 * failed (2 for a bad setting or an unreadable file). Settings come from {@link Settings#fromSystem()}.
 */
public final class GateMain {
    private GateMain() {}

    public static void main(String[] args) {
        try {
            int status = run(Path.of(""), Settings.fromSystem()); // Maven runs it in the project's basedir
            LivePage.end(new BuildLayout(Path.of("")).target().resolve("loadlab")); // its last reading has the verdict
            if (status != 0) {
                System.exit(status);
            }
        } catch (SettingError | IOException e) {
            System.err.println("loadlab gate: " + e.getMessage());
            System.exit(2);
        }
    }

    /**
     * For the build's early settings check, before any load: a {@code -Dbaseline} that names no readable summary.json
     * must not cost a whole run.
     *
     * @throws SettingError naming -Dbaseline and why it cannot be read
     */
    public static void checkBaseline(Settings settings) {
        baseline(Path.of(""), settings);
    }

    /** Runs every check on {@code <basedir>/reports/summary.json}; 0 when all passed, else 1. */
    static int run(Path basedir, Settings settings) throws IOException {
        BuildLayout layout = new BuildLayout(basedir);
        Optional<Summary> baseline = baseline(basedir, settings);
        Summary now = Summary.read(layout.summary(), "the report step (post-integration-test) did not write it");
        // the report step's checks of this summary.json: the gate's checks run once a build
        Optional<List<Check>> stored = StoredVerdict.read(layout.verdict(), layout.summary());
        List<Check> checks = stored.isPresent() ? stored.get() : checks(layout, settings, now, baseline);
        Path xml = layout.gateXml();
        Files.createDirectories(xml.toAbsolutePath().getParent());
        Files.writeString(xml, GateXml.render(checks), StandardCharsets.UTF_8);
        Summary.Run run = now.run();
        if (run.experiments() != null) {
            System.out.println("loadlab gate: experiments run: " + String.join(", ", run.experiments())
                    + "; left out: "
                    + (run.experimentsLeftOut().isEmpty() ? "none" : String.join(", ", run.experimentsLeftOut())));
        }
        run.wiresLeftOut().forEach(w -> System.out.println("loadlab gate: wire " + w));
        now.missing().forEach(m -> System.out.println("loadlab gate: note: " + m));
        for (Study.PassedOver past : Studies.passedOver(now)) {
            System.out.println("loadlab gate: note: " + past.rows().size() + " rows of " + past.what()
                    + " are not held to the limits (" + past.why() + ")");
        }
        if (settings.bool(ContractKnobs.REPLAY)) {
            Replays.read(basedir, layout.target().resolve("loadlab")).forEach(r -> System.out.print(Replays.table(r)));
        }
        List<Check> failed = checks.stream().filter(c -> !c.passed()).toList();
        if (failed.isEmpty()) {
            System.out.println("loadlab gate: passed (" + checks.size() + " checks on "
                    + now.scenarios().size()
                    + " scenario rows" + (baseline.isEmpty() ? "" : ", baseline " + settings.get(ReportKnobs.BASELINE))
                    + "; " + xml + ")");
            return 0;
        }
        failed.stream()
                .filter(c -> c.kind().equals(SilentRuns.KIND))
                .forEach(c -> System.out.println("loadlab gate: " + c.scenario() + ": " + c.now()));
        System.out.println("loadlab gate: FAILED, " + failed.size() + " of " + checks.size() + " checks:");
        System.out.print(Gate.table(failed));
        return 1;
    }

    /**
     * Every check of the gate on {@code now}: the one list both the gate in verify and the report's verdict (written
     * before it, from the same summary.json) read.
     */
    static List<Check> checks(BuildLayout layout, Settings settings, Summary now, Optional<Summary> baseline)
            throws IOException {
        GateSettings limits = GateSettings.from(settings);
        // first: each planned run sent something; one that sent nothing is the cause of what fails after it
        List<Check> checks = new ArrayList<>(SilentRuns.checks(
                layout.target().resolve("loadlab"), layout.target().resolve("jmeter/logs"), now));
        // then: no run reached for a host no one named (none of those requests was sent)
        checks.addAll(ReachChecks.checks(now.targets()));
        checks.addAll(Gate.limits(now, limits));
        // an answer that is not the study's answer counts for nothing, on any row (a step past the knee too)
        checks.addAll(Gate.invalidAnswers(now));
        // a run a :stop limit ended: when, and on which limit
        checks.addAll(LimitStops.checks(layout.target().resolve("loadlab").resolve(Stops.FILE)));
        // summary.json must say what each tool's own report of the same run says
        checks.addAll(Agreement.checks(now, layout.reports(), layout.jmeterResults()));
        // each JMeter run spoke the protocol and scheme of its wire (a properties mix-up would compare h1 with h1)
        checks.addAll(SpokenWires.checks(layout.jmeterResults()));
        // each study's own: the calibration's tools against the server's count, the held latency and the other tool;
        // your own experiments' counts against the server's
        checks.addAll(Studies.checks(now, settings));
        // -Dreplay=true: each tool's replay request by request against the recording's statuses
        if (settings.bool(ContractKnobs.REPLAY)) {
            checks.addAll(Replays.checks(
                    Replays.read(layout.basedir(), layout.target().resolve("loadlab"))));
        }
        // a run of several injectors or engines: the parts' samples add up to its total row
        checks.addAll(Gate.generators(now));
        baseline.ifPresent(b -> checks.addAll(Gate.regressions(now, b, limits)));
        return checks;
    }

    /** The verdict of the gate on the summary.json just written, for the report's first screen. */
    static List<Check> checks(Path basedir, Settings settings) throws IOException {
        BuildLayout layout = new BuildLayout(basedir);
        return checks(layout, settings, Summary.read(layout.summary(), ""), baseline(basedir, settings));
    }

    /**
     * The summary -Dbaseline names, relative to the basedir: a summary.json, or a folder holding one (a kept run under
     * reports/runs/, the reports/ of a CI job's artifact); empty when none is named.
     */
    static Optional<Summary> baseline(Path basedir, Settings settings) {
        String named = settings.get(ReportKnobs.BASELINE);
        if (named.isEmpty()) {
            return Optional.empty();
        }
        Path path = basedir.resolve(named);
        try {
            return Optional.of(Summary.read(Files.isDirectory(path) ? path.resolve("summary.json") : path, ""));
        } catch (IOException e) {
            throw SettingError.notAllowed(
                    ReportKnobs.BASELINE.name(), named, ReportKnobs.BASELINE.allowed() + " (" + e.getMessage() + ")");
        }
    }
}
