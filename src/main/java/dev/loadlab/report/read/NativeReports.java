package dev.loadlab.report.read;

import dev.loadlab.report.model.NativeReport;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Copies each tool's own HTML report under reports/, so that index.html links work offline and after clean: whole, or
 * with {@code report.nativePages=overview} each report's overview alone (what the gate's agreement checks read stays).
 */
public final class NativeReports {
    private NativeReports() {}

    /** Which files of a tool's report are copied. */
    public enum Pages {
        ALL,
        /** Gatling's page per request and group left out: its index.html, assets and simulation.log stay. */
        OVERVIEW;

        public static Pages of(Settings settings) {
            return valueOf(settings.get(ReportKnobs.NATIVE_PAGES).toUpperCase(Locale.ROOT));
        }

        /** Whether a file of a report is copied, by its path inside the report's folder. */
        boolean keeps(Path inReport) {
            String name = inReport.getFileName().toString();
            return this == ALL || inReport.getNameCount() > 1 || !name.endsWith(".html") || name.equals("index.html");
        }

        /** Copies reports/gatling/ as laid out there (a folder per wire, a report per run), keeping these pages. */
        public void copyGatlingReports(Path from, Path to) throws IOException {
            Trees.copy(from, to, file -> {
                Path relative = from.relativize(file); // <wire>/<run>/<path inside the report>
                return relative.getNameCount() < 3 || keeps(relative.subpath(2, relative.getNameCount()));
            });
        }
    }

    public static void copyInto(
            Path reportsDir, Path gatlingDir, Path jmeterReportsDir, BuildRuns ran, Parts parts, Pages pages)
            throws IOException {
        for (Wire protocol : ran.gatling()) {
            for (Path run : GatlingResults.runsSince(gatlingDir.resolve(protocol.id), ran.since())) {
                copy(run, "gatling", protocol, reportsDir, parts, pages);
            }
        }
        for (Wire protocol : ran.jmeter()) {
            Path dir = jmeterReportsDir.resolve(protocol.id);
            if (!Files.isDirectory(dir)) {
                continue; // the missing results CSV already says so
            }
            try (Stream<Path> plans = Files.list(dir)) {
                for (Path plan : plans.filter(Files::isDirectory).sorted().toList()) {
                    // a JMeter dashboard's pages are a fixed few, whatever the plan
                    copy(plan, "jmeter", protocol, reportsDir, parts, Pages.ALL);
                }
            }
        }
    }

    /** A run's report folder, to reports/<tool>/<wire>/<run>/ under the run's name. */
    private static void copy(Path from, String tool, Wire wire, Path reportsDir, Parts parts, Pages pages)
            throws IOException {
        String name = from.getFileName().toString();
        Path to = reportsDir.resolve(tool).resolve(wire.id).resolve(name);
        if (!Files.isRegularFile(from.resolve("index.html"))) {
            parts.missing("no " + tool + " HTML report in " + from + " (no link to it)");
            return;
        }
        Trees.copy(from, to, file -> pages.keeps(from.relativize(file)));
        parts.nativeReports.add(new NativeReport(
                tool,
                wire.label,
                name,
                reportsDir.relativize(to.resolve("index.html")).toString().replace('\\', '/')));
    }

    /**
     * Empties the generated parts of reports/ so that no report of an earlier build is linked. Only these: runs/
     * holds the kept runs ({@link RunArchive}), which accumulate across builds.
     */
    public static void clear(Path reportsDir) throws IOException {
        for (String generated : List.of("gatling", "jmeter", "index.html", "summary.json")) {
            Trees.delete(reportsDir.resolve(generated));
        }
    }
}
