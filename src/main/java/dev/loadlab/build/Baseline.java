package dev.loadlab.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;

/** -Dbaseline must name a readable earlier summary.json: found out before a whole run is spent. */
final class Baseline {
    private Baseline() {
    }

    static List<String> problems(Settings settings) {
        String baseline = settings.get(ReportKnobs.BASELINE);
        if (baseline.isEmpty() || Files.isRegularFile(Path.of(baseline))) {
            return List.of();
        }
        return List.of("-Dbaseline=" + baseline + " is not allowed: expected an earlier run's reports/summary.json (no such file)");
    }
}
