package dev.loadlab.report.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.NativeReport;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Finds, for summary.json's rows, the same run's native report under reports/ and its raw results, and turns
 * {@link NativeAgreement}'s comparisons into gate checks: Gatling's "all requests" rows and every JMeter row.
 */
public final class Agreement {
    private Agreement() {}

    public static List<Check> checks(Summary summary, Path reportsDir, Path jmeterResultsDir) {
        List<Check> checks = new ArrayList<>();
        for (Summary.Row row : summary.scenarios()) {
            try {
                List<NativeAgreement.Comparison> compared = compare(row, summary, reportsDir, jmeterResultsDir);
                compared.forEach(c -> checks.add(new Check(
                        "agreement", c.where(), c.figure(), c.nativeValue(), c.summary(), c.rule(), c.agrees())));
            } catch (IOException | RuntimeException e) {
                checks.add(new Check("agreement", row.key(), "native report", "", "unreadable", e.getMessage(), false));
            }
        }
        return checks;
    }

    private static List<NativeAgreement.Comparison> compare(
            Summary.Row row, Summary summary, Path reportsDir, Path jmeterResultsDir) throws IOException {
        if (row.tool().equals("gatling") && row.scenario().equals(GatlingResults.ALL_REQUESTS)) {
            if (merged(row, summary)) {
                return List.of(); // no one injector's own report holds the merged run: the generators check does
            }
            String prefix = row.run().toLowerCase(Locale.ROOT) + "-";
            NativeReport report = summary.nativeReports().stream()
                    .filter(r -> r.tool().equals("gatling")
                            && r.protocol().equals(row.protocol())
                            && r.name().startsWith(prefix))
                    .findFirst()
                    .orElseThrow(() -> new IOException("no Gatling report of " + row.run() + " under " + reportsDir));
            Path index = reportsDir.resolve(report.path());
            return NativeAgreement.gatling(row, index, index.resolveSibling("simulation.log"));
        }
        if (row.tool().equals("jmeter")) {
            NativeReport report = summary.nativeReports().stream()
                    .filter(r -> r.tool().equals("jmeter")
                            && r.protocol().equals(row.protocol())
                            && r.name().equals(row.run()))
                    .findFirst()
                    .orElseThrow(() -> new IOException("no JMeter dashboard of " + row.run() + " under " + reportsDir));
            Path statistics = reportsDir.resolve(report.path()).resolveSibling("statistics.json");
            JsonNode all = new ObjectMapper().readTree(Files.readString(statistics));
            String label = row.scenario().equals(JmeterResults.ALL_SAMPLES) ? "Total" : row.scenario();
            if (!all.has(label)) {
                throw new IOException(statistics + " has no entry " + label);
            }
            Path csv = jmeterResultsDir.resolve(folderOf(row.protocol())).resolve(row.run() + ".csv");
            return NativeAgreement.jmeter(
                    row, all.get(label), NativeAgreement.jmeterElapsed(csv, label.equals("Total") ? null : label));
        }
        return List.of();
    }

    /** A Gatling run merged from several injectors' logs. */
    private static boolean merged(Summary.Row row, Summary summary) {
        String key = row.runKey();
        return summary.generators().stream()
                .anyMatch(g -> g.kind().equals("injector") && g.key().equals(key));
    }

    /** The results folder (http1, h2c, ...) of a row's wire label (HTTP/1.1, h2c, ...): rows keep the label. */
    private static String folderOf(String label) throws IOException {
        return Arrays.stream(Wire.values())
                .filter(p -> p.label.equals(label))
                .findFirst()
                .orElseThrow(() -> new IOException("no results folder for protocol " + label))
                .id;
    }
}
