package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.CONTRACT;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The settings an experiment of your own declares beside users, rampSeconds and durationSeconds: each line
 * {@code region=us} of {@code src/test/resources/loadlab/<experiment>.properties} is the setting
 * {@code <experiment>.region}, its value the default at both scales. The build checks and resolves them with the rest
 * ({@code -Dorders.region=eu}); the plan reads {@code ${__P(orders.region)}}, the simulation {@code setting("region")}.
 * The file sits on the test class path, where a simulation finds it as it starts.
 */
public final class OwnDeclared {
    /** The folder under src/test/resources, and on the class path, of the declarations. */
    public static final String FOLDER = "loadlab";

    private OwnDeclared() {}

    /** The declaration file of {@code experiment} in the project at {@code basedir}. */
    public static Path file(Path basedir, String experiment) {
        return basedir.resolve("src/test/resources").resolve(FOLDER).resolve(experiment + ".properties");
    }

    /** Its declared names and defaults, sorted; none when the file is absent. */
    public static Map<String, String> read(Path file) {
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        try (InputStream in = Files.newInputStream(file)) {
            return load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The declarations as a running simulation finds them, on its class path. */
    public static Map<String, String> onClassPath(String experiment, ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(FOLDER + "/" + experiment + ".properties")) {
            return in == null ? Map.of() : load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One setting per declared name, any text allowed, its default the declared value. */
    public static List<Setting> settings(String experiment, Map<String, String> declared) {
        return declared.entrySet().stream()
                .map(d -> new Knobs(CONTRACT)
                        .text(
                                experiment + "." + d.getKey(),
                                "any text",
                                v -> true,
                                d.getValue(),
                                "",
                                "declared in " + FOLDER + "/" + experiment + ".properties"))
                .toList();
    }

    /**
     * The value of {@code <experiment>.<name>}: given, else its declared default.
     *
     * @throws SettingError in one line naming the declared ones when {@code name} is not declared
     */
    public static String value(Settings settings, String experiment, String name, Map<String, String> declared) {
        if (!declared.containsKey(name)) {
            throw new SettingError(experiment + "." + name + " is not declared: expected one of "
                    + (declared.isEmpty() ? "none" : String.join(", ", declared.keySet()))
                    + "; declare it as a line " + name + "=<default> in src/test/resources/" + FOLDER + "/" + experiment
                    + ".properties");
        }
        return settings.written(experiment + "." + name).orElse(declared.get(name));
    }

    private static Map<String, String> load(InputStream in) throws IOException {
        Properties p = new Properties();
        p.load(in);
        Map<String, String> out = new TreeMap<>();
        p.stringPropertyNames().forEach(n -> out.put(n, p.getProperty(n).strip()));
        return out;
    }
}
