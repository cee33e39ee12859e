package dev.loadlab.settings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a journey of your own needs that a user types (a login's password): its names only, one a line, in
 * {@code src/test/resources/loadlab/<experiment>.secrets} (the HAR import writes it); each value comes from the
 * environment, {@code LOADLAB_<EXPERIMENT>_<NAME>}, as target.auth's does, and is never a {@code -D}, a file, a log
 * line or a report's. The build stops before load, in one line naming them, when one is not set.
 */
public final class OwnSecrets {
    private OwnSecrets() {}

    public static Path file(Path basedir, String experiment) {
        return basedir.resolve("src/test/resources").resolve(OwnDeclared.FOLDER).resolve(experiment + ".secrets");
    }

    /** The file's text for these names. */
    public static String declare(Collection<String> names) {
        return "# what this journey's user types: each from the environment (OwnSecrets), never written here\n"
                + String.join("\n", names.stream().sorted().toList()) + "\n";
    }

    /** {@code demo-app} and {@code password}: {@code LOADLAB_DEMO_APP_PASSWORD}. */
    public static String environment(String experiment, String name) {
        return ("LOADLAB_" + experiment + "_" + name).toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_");
    }

    /** The names a project declares for an experiment; none when it has no file. */
    public static List<String> names(Path basedir, String experiment) {
        Path file = file(basedir, experiment);
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> parse(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String name = line.strip();
            if (!name.isEmpty() && !name.startsWith("#")) {
                out.add(name);
            }
        }
        return out;
    }

    /**
     * The one line for the experiment's secrets that are not set, naming each setting and its variable; empty when all
     * are.
     */
    public static Optional<String> missing(String experiment, List<String> names, Map<String, String> environment) {
        List<String> unset = names.stream()
                .filter(n ->
                        environment.getOrDefault(environment(experiment, n), "").isEmpty())
                .map(n -> experiment + "." + n + " (" + environment(experiment, n) + ")")
                .toList();
        return unset.isEmpty()
                ? Optional.empty()
                : Optional.of("experiment " + experiment + " needs what its user types, from the environment, before"
                        + " any load: " + String.join(", ", unset) + " not set (a secret is never a -D or a file)");
    }

    /** A running simulation's secret: its value, or a SettingError naming the variable. */
    public static String value(String experiment, String name, Map<String, String> environment) {
        String value = environment.getOrDefault(environment(experiment, name), "");
        if (value.isEmpty()) {
            throw new SettingError(
                    missing(experiment, List.of(name), environment).orElseThrow());
        }
        return value;
    }
}
