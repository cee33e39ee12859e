package dev.loadlab.report;

import dev.loadlab.shared.UrlMask;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;


/**
 * Builds reports/ after the load runs (post-integration-test): each tool's own report copied in, summary.json with
 * every figure, and index.html. A missing or broken result file is one line; the rest is still reported. Exit
 * status 2 only for a bad setting; never fails the build for results (that is the gate's job, in verify).
 */
public final class ReportMain {
    private ReportMain() {
    }

    public static void main(String[] args) {
        try {
            Knobs knobs = new Knobs(args);
            Path target = Path.of(knobs.text("targetDir", "target"));
            Path reports = Path.of(knobs.text("reportsDir", "reports"));
            GatewaySteps.Limits limits = gatewayLimits(knobs);
            Summary summary = build(knobs, target, reports, limits);
            Files.createDirectories(reports);
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(reports.resolve("summary.json").toFile(), summary);
            Files.writeString(reports.resolve("index.html"), HtmlReport.render(summary), StandardCharsets.UTF_8);
            System.out.println("loadlab report: " + reports.resolve("index.html") + " (" + summary.scenarios().size()
                    + " scenario rows, " + summary.missing().size() + " missing or broken inputs)");
        } catch (Knobs.BadKnob e) {
            System.err.println("loadlab report: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("loadlab report: cannot write the report: " + e.getMessage());
            System.exit(1);
        }
    }

    /** The limits that place the gateway study's knee. */
    static GatewaySteps.Limits gatewayLimits(Knobs knobs) {
        return new GatewaySteps.Limits(knobs.number("report.gatewayMaxErrorPct", 1, 0, 100, "%"),
                (long) knobs.number("report.gatewayMaxOverheadMs", 500, 0, 3_600_000, "ms"));
    }

    static Summary build(Knobs knobs, Path target, Path reports, GatewaySteps.Limits limits) throws IOException {
        Parts parts = new Parts();
        Path gatling = target.resolve("gatling");
        Path jmeter = target.resolve("jmeter");
        new GatlingResults(gatling, limits).readInto(parts);
        new JmeterResults(jmeter.resolve("results")).readInto(parts);
        new BulkResults(Path.of(knobs.text("bulk.resultsFile", target.resolve("bulk/bulk-results.json").toString()))).readInto(parts);
        NativeReports.clear(reports);
        NativeReports.copyInto(reports, gatling, jmeter.resolve("reports"), parts);
        parts.toolVersions.put("JMeter", knobs.text("jmeter.version", "unknown"));
        if (parts.bulk != null) {
            parts.toolVersions.put("bulk driver", String.valueOf(parts.bulk.runtime().getOrDefault("driver", "unknown")));
        }
        Summary.Run run = new Summary.Run(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                gitCommit(Path.of(knobs.text("basedir", "."))), knobs.text("scale", "smoke"),
                UrlMask.mask(knobs.text("target.url", "")), UrlMask.mask(knobs.text("target.tlsUrl", "")),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                parts.toolVersions, parts.serverStartupMs);
        return new Summary(run, parts.missing, parts.rows, parts.writePoints, parts.gatewaySteps, parts.knees,
                parts.abRuns, parts.jmeterSamples, parts.bulk, parts.nativeReports);
    }

    /** The commit the build ran from, with "+changes" when the work tree differs; "unknown" outside git. */
    static String gitCommit(Path basedir) {
        try {
            String head = git(basedir, "rev-parse", "--short=12", "HEAD");
            if (head.isEmpty()) {
                return "unknown";
            }
            return git(basedir, "status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "+changes";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    private static String git(Path dir, String... args) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(concat("git", args)).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.waitFor() == 0 ? out : "";
    }

    private static List<String> concat(String first, String... rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), java.util.Arrays.stream(rest)).toList();
    }
}
