package dev.loadlab.settings;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A team's settings in a file it checks in beside its scenarios, as Taurus' YAML or k6's options are: any setting the
 * catalogue knows, and those a team's experiments declare, as {@code name=value} lines. {@code loadlab.properties} in
 * the project's folder, or the file {@code -Dloadlab.settings} names; a {@code -D} on the command line wins over it. A
 * secret in it is refused (it would be in the repository); the settings report, target/loadlab/settings.properties,
 * says where each value came from.
 */
public final class SettingsFile {
    /** The file a project has by default. */
    public static final String NAME = "loadlab.properties";
    /** Names another file (relative to the project's folder), which must then be there. */
    public static final String PROPERTY = "loadlab.settings";

    private SettingsFile() {}

    /** The project's settings file: the one {@code named} names (refused when absent), else loadlab.properties if any. */
    static Optional<Path> find(Path basedir, String named) {
        if (!named.isBlank()) {
            Path file = basedir.resolve(named);
            if (!Files.isRegularFile(file)) {
                throw SettingError.notAllowed(
                        PROPERTY,
                        named,
                        "a properties file of settings (docs/properties.md), relative to the project's folder ("
                                + basedir.toAbsolutePath().normalize() + ")");
            }
            return Optional.of(file);
        }
        Path file = basedir.resolve(NAME);
        return Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
    }
}
