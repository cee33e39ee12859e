package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Summary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** JMeter's results CSV read as RFC 4180: a failure message of several lines is one field of one sample. */
class JmeterCsvTest {
    /** A real JMeter 5.6.3 results file whose failed sample's message holds line breaks, a comma and quotes. */
    private static final String MULTILINE = "jmeter-multiline/checkout.csv";

    @TempDir
    Path dir;

    @Test
    void shouldReadAFailureMessageOfSeveralLinesAsOneFieldOfOneSample() throws IOException {
        List<String> messages = new ArrayList<>();
        JmeterCsv.read(Fixtures.path(MULTILINE), header -> f -> messages.add(f.get(header.indexOf("failureMessage"))));

        assertEquals(3, messages.size(), messages.toString());
        String failed = messages.stream().filter(m -> !m.isEmpty()).findFirst().orElseThrow();
        assertTrue(failed.contains("\n") && failed.contains("\"items\""), failed);

        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", Fixtures.path(MULTILINE), parts, List.of());
        Summary.Row all = parts.rows.get(0);
        assertEquals(3, all.samples(), "every sample counts, the one with the long message too");
        assertEquals(100.0 / 3, all.errorPct(), 1e-9);
        assertEquals(List.of(), parts.missing);
    }

    @Test
    void shouldKeepTheSamplesBeforeALastLineThatAStoppedJmeterLeftOpen() throws IOException {
        List<String> lines = Files.readAllLines(Fixtures.path(MULTILINE));
        Path cut = Files.writeString(
                dir.resolve("cut.csv"), String.join("\n", lines.subList(0, 3)) + "\n"); // a quoted field never closed

        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", cut, parts, List.of());

        assertEquals(1, parts.rows.get(0).samples());
    }
}
