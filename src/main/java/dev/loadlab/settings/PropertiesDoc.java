package dev.loadlab.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * docs/properties.md, made from the catalogue: one table per part. A test fails when the committed page differs;
 * {@code mvn -q compile exec:java -Dexec.mainClass=dev.loadlab.settings.PropertiesDoc} writes it anew.
 */
public final class PropertiesDoc {
    public static final Path PAGE = Path.of("docs", "properties.md");

    private PropertiesDoc() {}

    public static void main(String[] args) throws IOException {
        Files.createDirectories(PAGE.getParent());
        Files.writeString(PAGE, render(), StandardCharsets.UTF_8);
        System.out.println("wrote " + PAGE.toAbsolutePath());
    }

    public static String render() {
        StringBuilder md = new StringBuilder("""
                # Properties

                Every setting of loadlab, defined once in `dev.loadlab.settings` (this page is generated from it:
                `mvn -q compile exec:java -Dexec.mainClass=dev.loadlab.settings.PropertiesDoc`). Give one as `-Dname=value`:
                on the Maven command line, or to any of the project's `java` entry points; JMeter plans read the same
                names with `${__P(name)}`. `-Pfull` sets `scale=full`, which changes the defaults of the *full* column.
                A value out of range stops the build before any load with one line:
                `-Dname=value is not allowed: expected <what is allowed>`. Secrets are read only from the environment.

                Settings in a file: `loadlab.properties` in the project's folder (or the file `-Dloadlab.settings=<file>`
                names, relative to it), `name=value` lines of any setting below and of those your experiments declare;
                a `-D` on the command line wins over it. A name in it that is no setting, or a secret, stops the build
                in one line naming the file (`target.token in loadlab.properties is not allowed: a secret is read only
                from the environment variable LOADLAB_TARGET_TOKEN`). `target/loadlab/settings.properties` reports every
                setting of the build, grouped by where its value came from: a `-D`, the file, or the default.
                """);
        for (Setting.Part part : Setting.Part.values()) {
            md.append("\n## ")
                    .append(capitalised(part.title))
                    .append("\n\n")
                    .append("| property | smoke | full | unit | allowed | what it sets |\n|---|---|---|---|---|---|\n");
            // a named target's settings after the target's own: one row each, for the name <name>
            List<Setting> settings = part == Setting.Part.TARGET
                    ? java.util.stream.Stream.concat(Catalogue.ALL.stream(), NamedTargets.documented().stream())
                            .toList()
                    : Catalogue.ALL;
            for (Setting s : settings) {
                if (s.part() != part) {
                    continue;
                }
                String smoke = s.secret() ? "environment `" + s.environment() + "`" : code(s.smoke());
                String full = s.secret() || s.full().equals(s.smoke()) ? "" : code(s.full());
                md.append("| `")
                        .append(s.name())
                        .append("` | ")
                        .append(smoke)
                        .append(" | ")
                        .append(full)
                        .append(" | ")
                        .append(cell(s.unit()))
                        .append(" | ")
                        .append(cell(s.allowed()))
                        .append(" | ")
                        .append(cell(s.meaning()))
                        .append(" |\n");
            }
        }
        return md.toString();
    }

    private static String code(String value) {
        return value.isEmpty() ? "(empty)" : "`" + value + "`";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }

    private static String capitalised(String title) {
        return Character.toUpperCase(title.charAt(0)) + title.substring(1);
    }
}
