package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

class PropertiesDocTest {
    @Test
    void shouldMatchTheCommittedPropertiesPageSoTheDocumentationNeverDriftsFromTheCatalogue() throws IOException {
        assertEquals(
                PropertiesDoc.render(),
                Files.readString(PropertiesDoc.PAGE),
                "docs/properties.md differs from the catalogue: run mvn -q compile exec:java -Dexec.mainClass=dev.loadlab.settings.PropertiesDoc");
    }
}
