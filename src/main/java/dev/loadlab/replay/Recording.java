package dev.loadlab.replay;

import dev.loadlab.settings.OwnDeclared;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a recording's requests got, in the recorded order: {@code src/test/resources/loadlab/<experiment>.recorded.tsv},
 * written by the HAR import beside the simulation and the plan, read by the replay check, which sets each tool's
 * replayed status beside each recorded one. Names and statuses only: no URL, value or credential of the recording.
 */
public final class Recording {
    /** One request of the recording: its name in both tools' results and the status the browser got. */
    public record Step(String request, int status) {}

    private Recording() {}

    public static Path file(Path basedir, String experiment) {
        return basedir.resolve("src/test/resources").resolve(OwnDeclared.FOLDER).resolve(experiment + ".recorded.tsv");
    }

    /** The file's text: a comment saying what it is for, then one request a line. */
    public static String write(String source, List<Step> steps) {
        StringBuilder out =
                new StringBuilder("# " + source + "'s requests in the recorded order and the status each got"
                        + " (loadlab's HAR import); the replay check, mvn verify -Dexperiments=<name> -Dreplay=true, sets each"
                        + " tool's beside them\n");
        steps.forEach(
                s -> out.append(s.request()).append('\t').append(s.status()).append('\n'));
        return out.toString();
    }

    /** The recording of an experiment; empty for one that was not recorded (a journey written by hand). */
    public static Optional<List<Step>> read(Path basedir, String experiment) throws IOException {
        Path file = file(basedir, experiment);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<Step> steps = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int tab = line.lastIndexOf('\t');
            if (!line.startsWith("#") && tab > 0 && line.substring(tab + 1).matches("\\d{3}")) {
                steps.add(new Step(line.substring(0, tab), Integer.parseInt(line.substring(tab + 1))));
            }
        }
        return Optional.of(steps);
    }
}
