package dev.loadlab.steps;

import dev.loadlab.report.GateMain;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.util.List;

/** -Dbaseline must name a readable earlier summary.json: found out before a whole run is spent. */
final class Baseline {
    private Baseline() {}

    static List<String> problems(Settings settings) {
        try {
            GateMain.checkBaseline(settings);
            return List.of();
        } catch (SettingError e) {
            return List.of(e.getMessage());
        }
    }
}
