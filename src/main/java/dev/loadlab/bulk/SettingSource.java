package dev.loadlab.bulk;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a setting's value comes from, first match wins: a command-line flag {@code --pairs=...}, a system
 * property {@code -Dbulk.pairs=...}, an environment variable {@code BULK_PAIRS}. An empty value counts as
 * unset, so a build can hand over an empty Maven property and still let the environment speak.
 */
final class SettingSource {
    static final String PREFIX = "bulk.";

    private final Map<String, String> flags;
    private final Properties systemProperties;
    private final Map<String, String> environment;

    SettingSource(Map<String, String> flags, Properties systemProperties, Map<String, String> environment) {
        this.flags = flags;
        this.systemProperties = systemProperties;
        this.environment = environment;
    }

    static SettingSource of(String[] args) {
        return new SettingSource(parseFlags(args), System.getProperties(), System.getenv());
    }

    /** {@code --name=value} pairs; anything else is a mistake worth one clear line. */
    static Map<String, String> parseFlags(String[] args) {
        Map<String, String> flags = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 3) {
                throw new BadSettingException("argument '" + arg + "': use --name=value, e.g. --pairs=10x10000 (see README, bulk section)");
            }
            flags.put(arg.substring(2, eq), arg.substring(eq + 1));
        }
        return flags;
    }

    /** Names given as command-line flags, to reject the ones the bench does not know. */
    java.util.Set<String> flagNames() {
        return flags.keySet();
    }

    /** The raw value of setting {@code name} (without the {@code bulk.} prefix), if any source sets it. */
    Optional<String> get(String name) {
        String value = flags.get(name);
        if (isEmpty(value)) {
            value = systemProperties.getProperty(PREFIX + name);
        }
        if (isEmpty(value)) {
            value = environment.get(environmentName(name));
        }
        return isEmpty(value) ? Optional.empty() : Optional.of(value.trim());
    }

    /** {@code flushRows} -> {@code BULK_FLUSH_ROWS}. */
    static String environmentName(String name) {
        return "BULK_" + name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    private static boolean isEmpty(String value) {
        return value == null || value.isBlank();
    }
}
