package dev.loadlab.report;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Real outputs of this build kept in src/test/resources/dev/loadlab/report (see the README there). */
final class Fixtures {
    private Fixtures() {}

    static Path path(String relative) {
        try {
            return Path.of(Fixtures.class.getResource(relative).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test fixture " + relative, e);
        }
    }
}
