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
 * scale, then the file the build resolved ({@code -Dloadlab.resolved=target/loadlab/settings.properties}, and
 * {@code target.properties} beside it once the target is known), then a property given to this JVM. The build's first
 * step resolves that file from a team's own file ({@link SettingsFile}: {@code loadlab.properties}) and the command
 * line's {@code -D}, which wins. Secrets come only from their environment variable. Every value is checked by its
 * {@link Setting} when it is read, so a bad one is one {@link SettingError} naming it and where it was given.
 */
public final class Settings {
    /** Names the file of resolved settings a build hands to each JVM it forks. */
    public static final String FILE_PROPERTY = "loadlab.resolved";

    public static final String TARGET_FILE = "target.properties";

    private final Map<String, String> given;
    private final Map<String, String> environment;
    /** The file each value read from a team's settings file came from; the others came from a -D or the build. */
    private final Map<String, String> fromFile;

    private final Scale scale;

    private Settings(Map<String, String> given, Map<String, String> environment, Map<String, String> fromFile) {
        this.given = given;
        this.environment = environment;
        this.fromFile = fromFile;
        this.scale = Scale.valueOf(get(Catalogue.SCALE).toUpperCase(java.util.Locale.ROOT));
    }

    /**
     * The build's first step's settings: a team's settings file ({@link SettingsFile}) under this JVM's system
     * properties, a blank property (the pom's empty defaults) leaving the file's value standing.
     */
    public static Settings forBuild(Path basedir) {
        Map<String, String> system = new HashMap<>();
        System.getProperties().forEach((k, v) -> system.put(k.toString(), v.toString()));
        return forBuild(basedir, system, System.getenv());
    }

    public static Settings forBuild(Path basedir, Map<String, String> system, Map<String, String> environment) {
        Map<String, String> values = new HashMap<>();
        Map<String, String> fromFile = new HashMap<>();
        SettingsFile.find(basedir, system.getOrDefault(SettingsFile.PROPERTY, ""))
                .ifPresent(file -> {
                    String name = basedir.toAbsolutePath()
                            .normalize()
                            .relativize(file.toAbsolutePath().normalize())
                            .toString();
                    read(file, SettingsFile.PROPERTY).forEach((k, v) -> {
                        values.put(k, v);
                        fromFile.put(k, name);
                    });
                });
        system.forEach((k, v) -> {
            if (!v.isBlank() || !values.containsKey(k)) {
                values.put(k, v);
                fromFile.remove(k);
            }
        });
        return new Settings(values, environment, fromFile);
    }

    /** Where {@code name}'s value came from: a team's settings file by name, "-D", or "default" (the catalogue's). */
    public String origin(String name) {
        String v = given.get(name);
        return v == null || v.isBlank() ? "default" : fromFile.getOrDefault(name, "-D");
    }

    /** The names a team's settings file gave (and no -D gave anew), sorted. */
    public List<String> fromFile() {
        return fromFile.keySet().stream().sorted().toList();
    }

    /** How a message names where a setting was given: {@code -Dname} or {@code name in loadlab.properties}. */
    public String asGiven(String name) {
        return fromFile.containsKey(name) ? name + " in " + fromFile.get(name) : "-D" + name;
    }

    /** This JVM's settings: the build's resolved file if named, then its system properties; secrets from its environment. */
    public static Settings fromSystem() {
        Map<String, String> values = new HashMap<>();
        String file = System.getProperty(FILE_PROPERTY, "");
        if (!file.isBlank()) {
            Path resolved = Path.of(file);
            values.putAll(read(resolved, FILE_PROPERTY));
            Path target = resolved.resolveSibling(TARGET_FILE);
            if (Files.isRegularFile(target)) {
                values.putAll(read(target, FILE_PROPERTY));
            }
        }
        Map<String, String> fromFiles = Map.copyOf(values);
        // a value of Maven's command line reaches a forked Gatling JVM escaped (ForkedValues): the file's is as given.
        // A blank one means "not given", as in the build's first step (forBuild): -Dtarget.url="$UNSET" hands each
        // forked JVM an empty target.url, which must not hide the URL the build wrote
        System.getProperties().forEach((k, v) -> {
            String name = k.toString();
            if (!v.toString().isBlank() || fromFiles.getOrDefault(name, "").isBlank()) {
                values.put(name, ForkedValues.meant(v.toString(), fromFiles.get(name)));
            }
        });
        return new Settings(values, System.getenv(), Map.of());
    }

    /** Settings from given values only (tests, and the build's resolution step). */
    public static Settings of(Map<String, String> values, Map<String, String> environment) {
        return new Settings(new HashMap<>(values), environment, Map.of());
    }

    public static Settings of(Map<String, String> values) {
        return of(values, Map.of());
    }

    /** These settings with some values given anew, e.g. the URLs of a target this JVM started itself. */
    public Settings with(Map<String, String> values) {
        Map<String, String> merged = new HashMap<>(given);
        merged.putAll(values);
        Map<String, String> stillFromFile = new HashMap<>(fromFile);
        values.keySet().forEach(stillFromFile::remove);
        return new Settings(merged, environment, stillFromFile);
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
        if (v == null || v.isBlank()) {
            return setting.check(setting.defaultAt(scale));
        }
        try {
            return setting.check(v);
        } catch (SettingError e) {
            if (!fromFile.containsKey(setting.name())) {
                throw e;
            }
            // the same line, naming the file it was given in instead of a -D
            throw new SettingError(
                    e.getMessage().replaceFirst("^-D", "") + " (in " + fromFile.get(setting.name()) + ")");
        }
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
            throw new SettingError(
                    asGiven(setting.name()) + " is not allowed: a secret is read only from the environment"
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

    private static Map<String, String> read(Path file, String property) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            throw new SettingError("-D" + property + "=" + file + " is not allowed: expected a readable properties"
                    + " file (" + e.getMessage() + ")");
        }
        Map<String, String> values = new HashMap<>();
        p.forEach((k, v) -> values.put(k.toString(), v.toString()));
        return values;
    }
}
