package dev.loadlab.bulk;

import dev.loadlab.settings.Settings;
import java.util.Map;

/** Settings as the bench would read them, from the given values only: no system property or environment leaks in. */
final class TestSettings {
    private TestSettings() {}

    /** The catalogue's defaults at smoke scale. */
    static BulkSettings of() {
        return of(Map.of());
    }

    /** {@code of(Map.of("bulk.pairs", "2x100", "bulk.repetitions", "1"))}. */
    static BulkSettings of(Map<String, String> properties) {
        return BulkSettings.from(Settings.of(properties, Map.of()));
    }
}
