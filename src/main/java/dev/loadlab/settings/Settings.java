package dev.loadlab.settings;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The one reader of settings, for every part. A value is, last one wins: the catalogue's default at the run's
 * scale, then the file the build resolved ({@code -Dloadlab.settings=target/loadlab/settings.properties}, and
 * {@code target.properties} beside it once the target is known), then a property given to this JVM. Secrets
 * come only from their environment variable. Every value is checked by its {@link Setting} when it is read, so a
 * bad one is one {@link SettingError} naming it.
 */
public final class Settings {
    /** Names the file of resolved settings a build hands to each JVM it forks. */
    public static final String FILE_PROPERTY = "loadlab.settings";

    public static final String TARGET_FILE = "target.properties";

    private final Map<String, String> given;
    private final Map<String, String> environment;
    private final Scale scale;

    private Settings(Map<String, String> given, Map<String, String> environment) {
        this.given = given;
        this.environment = environment;
        this.scale = Scale.valueOf(get(Catalogue.SCALE).toUpperCase(java.util.Locale.ROOT));
    }

    /** This JVM's settings: the build's resolved file if named, then its system properties; secrets from its environment. */
    public static Settings fromSystem() {
        Map<String, String> values = new HashMap<>();
        String file = System.getProperty(FILE_PROPERTY, "");
        if (!file.isBlank()) {
            Path resolved = Path.of(file);
            values.putAll(read(resolved));
            Path target = resolved.resolveSibling(TARGET_FILE);
            if (Files.isRegularFile(target)) {
                values.putAll(read(target));
            }
        }
        System.getProperties().forEach((k, v) -> values.put(k.toString(), v.toString()));
        return new Settings(values, System.getenv());
    }

    /** Settings from given values only (tests, and the build's resolution step). */
    public static Settings of(Map<String, String> values, Map<String, String> environment) {
        return new Settings(new HashMap<>(values), environment);
    }

    public static Settings of(Map<String, String> values) {
        return of(values, Map.of());
    }

    /** These settings with some values given anew, e.g. the URLs of a target this JVM started itself. */
    public Settings with(Map<String, String> values) {
        Map<String, String> merged = new HashMap<>(given);
        merged.putAll(values);
        return new Settings(merged, environment);
    }

    public Scale scale() {
        return scale;
    }

    /** True when a value was given for it (not its default). */
    public boolean isGiven(Setting setting) {
        String v = given.get(setting.name());
        return v != null && !v.isBlank();
    }

    /** What was given for it, unchecked; empty when nothing was. */
    public String raw(Setting setting) {
        return given.getOrDefault(setting.name(), "");
    }

    /**
     * A value the build wrote beside the knobs under a name the catalogue does not define (target.properties: the
     * cold targets' URLs); empty when none was written.
     */
    public Optional<String> written(String name) {
        return Optional.ofNullable(given.get(name)).filter(v -> !v.isBlank());
    }

    /** The checked value as text: given, else the default at this scale. */
    public String get(Setting setting) {
        if (setting.secret()) {
            throw new IllegalStateException(setting.name() + " is a secret: read it with secret()");
        }
        String v = given.get(setting.name());
        return setting.check(v == null || v.isBlank() ? setting.defaultAt(scale) : v);
    }

    public int integer(Setting setting) {
        return Math.toIntExact(Long.parseLong(get(setting)));
    }

    public long longValue(Setting setting) {
        return Long.parseLong(get(setting));
    }

    public double decimal(Setting setting) {
        return Double.parseDouble(get(setting));
    }

    public boolean bool(Setting setting) {
        return Boolean.parseBoolean(get(setting));
    }

    /** A comma-separated value's items, stripped. */
    public List<String> items(Setting setting) {
        return Values.items(get(setting));
    }

    public List<Integer> integers(Setting setting) {
        return items(setting).stream().map(Integer::valueOf).toList();
    }

    /** A secret, from its environment variable only; a property of its name is refused (it would show in ps). */
    public Optional<String> secret(Setting setting) {
        if (isGiven(setting)) {
            throw new SettingError("-D" + setting.name() + " is not allowed: a secret is read only from the environment"
                    + " variable " + setting.environment());
        }
        return Optional.ofNullable(environment.get(setting.environment())).filter(v -> !v.isBlank());
    }

    /** One line for each setting that cannot be used, in catalogue order; empty when all can. */
    public List<String> problems() {
        List<String> lines = new ArrayList<>();
        for (Setting s : Catalogue.ALL) {
            try {
                if (s.secret()) {
                    secret(s);
                } else {
                    get(s);
                }
            } catch (SettingError e) {
                lines.add(e.getMessage());
            }
        }
        return lines;
    }

    /** Every name given under {@code prefix}, sorted. */
    public List<String> given(String prefix) {
        return given.keySet().stream()
                .filter(n -> n.startsWith(prefix))
                .sorted()
                .toList();
    }

    /** Names given under {@code prefix} (e.g. {@code bulk.}) that the catalogue does not define: most likely misspelt. */
    public List<String> unknown(String prefix) {
        return given.keySet().stream()
                .filter(n -> n.startsWith(prefix) && Catalogue.find(n).isEmpty())
                .sorted()
                .toList();
    }

    /** Every setting of the catalogue that is not a secret, checked, in catalogue order. */
    public Map<String, String> resolved() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Setting s : Catalogue.ALL) {
            if (!s.secret()) {
                out.put(s.name(), get(s));
            } else {
                secret(s); // refuses a secret given as a property
            }
        }
        return out;
    }

    private static Map<String, String> read(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new SettingError("-D" + FILE_PROPERTY + "=" + file + " is not allowed: expected a readable properties"
                    + " file (" + e.getMessage() + ")");
        }
        Map<String, String> values = new HashMap<>();
        p.forEach((k, v) -> values.put(k.toString(), v.toString()));
        return values;
    }
}
