package dev.loadlab.report;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Real outputs of this build kept in src/test/resources/dev/loadlab/report (see the README there). */
public final class Fixtures {
    private Fixtures() {}

    /** A text as the pages' templates write it (mustache.java's HTML escaping). */
    public static String escaped(String text) {
        java.io.StringWriter out = new java.io.StringWriter();
        com.github.mustachejava.util.HtmlEscaper.escape(text, out);
        return out.toString();
    }

    public static Path path(String relative) {
        try {
            return Path.of(Fixtures.class.getResource(relative).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("no test fixture " + relative, e);
        }
    }
}
