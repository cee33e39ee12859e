package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.studies.gatewaycapacity.GatewayKnobs;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A -D of Maven's command line as the Gatling plugin's forked JVM gets it: escaped as a Java string literal. */
class ForkedValuesTest {
    private static final String DOCUMENT = "{\"query\":\"{payload(kb:1){id}}\",\"team\":\"café\"}";
    /** What the plugin handed its JVM for DOCUMENT (seen at a target of ours: {\"query\":...}). */
    private static final String ESCAPED = "{\\\"query\\\":\\\"{payload(kb:1){id}}\\\",\\\"team\\\":\\\"caf\\u00e9\\\"}";

    @Test
    void shouldTakeTheBuildsResolvedValueWhereTheForkGotItEscaped() {
        assertEquals(DOCUMENT, ForkedValues.unescaped(ESCAPED));
        assertEquals(DOCUMENT, ForkedValues.meant(ESCAPED, DOCUMENT));
        assertEquals("a\\b", ForkedValues.meant("a\\\\b", "a\\b"), "a backslash, escaped");
    }

    @Test
    void shouldKeepAPropertyTheBuildSetForTheForkOrThatNoFileHolds() {
        assertEquals("http1", ForkedValues.meant("http1", "http2"), "-Dprotocol=http1 of the wire's execution");
        assertEquals(ESCAPED, ForkedValues.meant(ESCAPED, null));
        assertEquals("\\x", ForkedValues.unescaped("\\x"), "no escape of Java's: kept");
    }

    @Test
    void shouldReadAnInlineBodyInAForkedJvmAsItWasGiven(@TempDir Path dir) throws IOException {
        Path resolved = dir.resolve("settings.properties");
        Properties file = new Properties();
        file.setProperty(GatewayKnobs.BODY.name(), DOCUMENT);
        try (Writer out = Files.newBufferedWriter(resolved, StandardCharsets.UTF_8)) {
            file.store(out, null);
        }
        System.setProperty(Settings.FILE_PROPERTY, resolved.toString());
        System.setProperty(GatewayKnobs.BODY.name(), ESCAPED);
        try {
            assertEquals(DOCUMENT, Settings.fromSystem().get(GatewayKnobs.BODY));
        } finally {
            System.clearProperty(Settings.FILE_PROPERTY);
            System.clearProperty(GatewayKnobs.BODY.name());
        }
    }
}
