package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.nativePages: the tools' own reports whole, or each Gatling report's overview without its page per group. */
class NativeReportsTest {
    private static final List<String> REPORT = List.of(
            "index.html",
            "simulation.log",
            "req_checkout-123.html",
            "group_orders-456.html",
            "js/stats.js",
            "style/style.css");

    private static Path gatlingReports(Path dir) throws IOException {
        for (String file : REPORT) {
            Path p = dir.resolve("gatling/http1/checkoutsimulation-20261129").resolve(file);
            Files.createDirectories(p.getParent());
            Files.writeString(p, file);
        }
        return dir.resolve("gatling");
    }

    private static List<String> files(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }

    @Test
    void shouldKeepEveryPageByDefault(@TempDir Path dir) throws IOException {
        NativeReports.Pages pages = NativeReports.Pages.of(Settings.of(Map.of()));
        pages.copyGatlingReports(gatlingReports(dir.resolve("job")), dir.resolve("reports"));
        assertEquals(6, files(dir.resolve("reports")).size());
    }

    @Test
    void shouldKeepEachReportsOverviewAndWhatTheGateReadsWithoutItsPagePerRequestAndGroup(@TempDir Path dir)
            throws IOException {
        NativeReports.Pages pages = NativeReports.Pages.of(Settings.of(Map.of("report.nativePages", "overview")));
        pages.copyGatlingReports(gatlingReports(dir.resolve("job")), dir.resolve("reports"));
        String run = "http1/checkoutsimulation-20261129/";
        assertEquals(
                List.of(run + "index.html", run + "js/stats.js", run + "simulation.log", run + "style/style.css"),
                files(dir.resolve("reports")));
    }

    @Test
    void shouldRefuseAnotherValueInOneLine() {
        SettingError e = assertThrows(
                SettingError.class, () -> NativeReports.Pages.of(Settings.of(Map.of("report.nativePages", "none"))));
        assertEquals("-Dreport.nativePages=none is not allowed: expected one of all|overview", e.getMessage());
    }
}
