package dev.loadlab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The gate in {@code verify}: checks reports/summary.json against the limits and, with {@code -Dbaseline=<an earlier
 * summary.json>}, against that run, and checks that its figures agree with each tool's own report; prints a table of what failed, naming each scenario, writes a JUnit-style XML
 * of every check for CI servers, and exits 1 when a check failed (2 for a bad setting or an unreadable file).
 */
public final class GateMain {
    private GateMain() {
    }

    public static void main(String[] args) {
        try {
            Knobs knobs = new Knobs(args);
            GateSettings settings = GateSettings.from(knobs);
            ReportMain.gatewayLimits(knobs);
            String baseline = knobs.text("baseline", "");
            if (Boolean.parseBoolean(knobs.text("checkSettingsOnly", "false"))) {
                // in package, before any load: a bad gate setting or baseline must not cost a whole run
                if (!baseline.isEmpty()) {
                    read(Path.of(baseline), "-Dbaseline must name an earlier summary.json");
                }
                return;
            }
            Path summaryFile = Path.of(knobs.text("summary", "reports/summary.json"));
            Path xml = Path.of(knobs.text("gate.reportFile", "target/gate-reports/TEST-loadlab-gate.xml"));
            Summary now = read(summaryFile, "the report step (post-integration-test) did not write it");
            List<Gate.Check> checks = new ArrayList<>(Gate.limits(now, settings));
            // summary.json must say what each tool's own report of the same run says
            checks.addAll(Agreement.checks(now, summaryFile.toAbsolutePath().getParent(),
                    Path.of(knobs.text("jmeterResultsDir", "target/jmeter/results"))));
            if (!baseline.isEmpty()) {
                checks.addAll(Gate.regressions(now, read(Path.of(baseline), "-Dbaseline must name an earlier summary.json"), settings));
            }
            Files.createDirectories(xml.toAbsolutePath().getParent());
            Files.writeString(xml, GateXml.render(checks), StandardCharsets.UTF_8);
            now.missing().forEach(m -> System.out.println("loadlab gate: note: " + m));
            List<Gate.Check> failed = checks.stream().filter(c -> !c.passed()).toList();
            if (failed.isEmpty()) {
                System.out.println("loadlab gate: passed (" + checks.size() + " checks on " + now.scenarios().size()
                        + " scenario rows" + (baseline.isEmpty() ? "" : ", baseline " + baseline) + "; " + xml + ")");
                return;
            }
            System.out.println("loadlab gate: FAILED, " + failed.size() + " of " + checks.size() + " checks:");
            System.out.print(Gate.table(failed));
            System.exit(1);
        } catch (Knobs.BadKnob e) {
            System.err.println("loadlab gate: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("loadlab gate: " + e.getMessage());
            System.exit(2);
        }
    }

    static Summary read(Path file, String hint) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no file " + file + " (" + hint + ")");
        }
        Summary summary;
        try {
            summary = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
                    .readValue(file.toFile(), Summary.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a loadlab summary.json: " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (summary.run() == null || summary.scenarios() == null) {
            throw new IOException(file + " is not a loadlab summary.json: no run and scenarios in it");
        }
        return summary;
    }
}
