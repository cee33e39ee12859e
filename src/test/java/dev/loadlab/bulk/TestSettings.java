package dev.loadlab.bulk;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/** Settings as the bench would read them, from flags only: no system property or environment leaks in. */
final class TestSettings {
    private TestSettings() {
    }

    /** {@code of("pairs", "2x100", "repetitions", "1")}. */
    static BulkSettings of(String... nameValue) {
        return BulkSettings.from(source(nameValue));
    }

    static SettingSource source(String... nameValue) {
        Map<String, String> flags = new HashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            flags.put(nameValue[i], nameValue[i + 1]);
        }
        return new SettingSource(flags, new Properties(), Map.of());
    }
}
