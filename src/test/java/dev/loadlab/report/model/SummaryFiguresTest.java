package dev.loadlab.report.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study's figures of its own type, kept by its experiment's name through summary.json (a team's study's too). */
class SummaryFiguresTest {
    record Point(int items, long p95Ms) {}

    record Points(List<Point> points) {}

    static Summary withFigures(Map<String, Object> figures) {
        TestSummaries summary =
                TestSummaries.of(List.of()).run(TestSummaries.run("run-1", List.copyOf(figures.keySet())));
        figures.forEach(summary::figures);
        return summary.build();
    }

    @Test
    void shouldReadAStudysFiguresBackAsItsOwnTypeByItsName(@TempDir Path dir) throws IOException {
        Points points = new Points(List.of(new Point(1, 12), new Point(100, 30)));
        Path file = dir.resolve("summary.json");
        new ObjectMapper().writeValue(file.toFile(), withFigures(Map.of("cart-size", points)));

        Summary read = Summary.read(file, "");

        assertEquals(Optional.of(points), read.figures("cart-size", Points.class));
        assertEquals(Optional.empty(), read.figures("latency", Points.class), "a study that left none");
        assertTrue(Files.readString(file).contains("\"figures\":{\"cart-size\":{\"points\":[{\"items\":1"));
    }

    record Kept(Map<String, Object> bulk) {}

    @Test
    void shouldGiveAStudyItsFiguresFromTheTopLevelOfASummaryFromBeforeFigures(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("summary.json");
        Files.writeString(
                file,
                "{\"schemaVersion\":6,\"run\":{\"profile\":\"smoke\"},\"scenarios\":[],"
                        + "\"bulk\":{\"status\":\"ok\"},\"abRuns\":null}");

        Summary old = Summary.read(file, "");

        assertEquals(Optional.of(new Kept(Map.of("status", "ok"))), old.figures("bulk", Kept.class));
        assertEquals(Optional.empty(), old.figures("cart-size", Points.class), "a study it has no field of");
    }

    record Stops(List<Map<String, Object>> stressStops) {}

    @Test
    void shouldKeepAStudysFiguresAndGiveAnotherItsFieldsFromTheTopLevelOfASchema7Summary(@TempDir Path dir)
            throws IOException {
        Path file = dir.resolve("summary.json");
        Files.writeString(
                file,
                "{\"schemaVersion\":7,\"run\":{\"profile\":\"smoke\"},\"scenarios\":[],"
                        + "\"stressStops\":[{\"lastStep\":40}],"
                        + "\"figures\":{\"cart-size\":{\"points\":[{\"items\":1,\"p95Ms\":12}]}}}");

        Summary older = Summary.read(file, "");

        assertEquals(Optional.of(new Points(List.of(new Point(1, 12)))), older.figures("cart-size", Points.class));
        assertEquals(
                Optional.of(new Stops(List.of(Map.of("lastStep", 40)))),
                older.figures("api-gateway", Stops.class),
                "the stress stops it kept at its top level, which schema 8 keeps as the study's");
    }
}
