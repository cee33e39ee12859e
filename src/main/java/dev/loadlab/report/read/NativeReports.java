package dev.loadlab.report.read;

import dev.loadlab.report.model.NativeReport;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Copies each tool's own HTML report under reports/, so that index.html links work offline and after clean. */
public final class NativeReports {
    private NativeReports() {}

    public static void copyInto(Path reportsDir, Path gatlingDir, Path jmeterReportsDir, BuildRuns ran, Parts parts)
            throws IOException {
        for (Wire protocol : ran.gatling()) {
            for (Path run : GatlingResults.runsSince(gatlingDir.resolve(protocol.id), ran.since())) {
                copy(
                        run,
                        reportsDir.resolve("gatling").resolve(protocol.id).resolve(run.getFileName()),
                        "gatling",
                        protocol.label,
                        run.getFileName().toString(),
                        reportsDir,
                        parts);
            }
        }
        for (Wire protocol : ran.jmeter()) {
            Path dir = jmeterReportsDir.resolve(protocol.id);
            if (!Files.isDirectory(dir)) {
                continue; // the missing results CSV already says so
            }
            try (Stream<Path> plans = Files.list(dir)) {
                for (Path plan : plans.filter(Files::isDirectory).sorted().toList()) {
                    copy(
                            plan,
                            reportsDir.resolve("jmeter").resolve(protocol.id).resolve(plan.getFileName()),
                            "jmeter",
                            protocol.label,
                            plan.getFileName().toString(),
                            reportsDir,
                            parts);
                }
            }
        }
    }

    private static void copy(
            Path from, Path to, String tool, String protocol, String name, Path reportsDir, Parts parts)
            throws IOException {
        if (!Files.isRegularFile(from.resolve("index.html"))) {
            parts.missing("no " + tool + " HTML report in " + from + " (no link to it)");
            return;
        }
        Trees.copy(from, to);
        parts.nativeReports.add(new NativeReport(
                tool,
                protocol,
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
