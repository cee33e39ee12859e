package dev.loadlab.studies.odatawrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Spread;
import dev.loadlab.report.page.Templates;
import dev.loadlab.report.read.GatlingLog;
import java.util.List;
import org.junit.jupiter.api.Test;

/** -Drepeats=3 on the write study: each run of a cell read apart, shown at their median with their spread. */
class WriteRepeatsTest {
    /** sequential at 10 records three times (100, 60 and 80 ms), then batch-50 once, failed in its second repeat. */
    private static final GatlingLog LOG = new GatlingLog(
            GatlingLog.SUPPORTED_VERSION,
            "dev.loadlab.simulations.ODataWriteSimulation",
            1_767_225_600_000L,
            "",
            List.of(),
            List.of(),
            List.of(
                    group("sequential records=10", 0, 100, true),
                    group("batch-50 records=10", 100, 120, true),
                    group("sequential records=10 repeat=2", 200, 260, true),
                    group("batch-50 records=10 repeat=2", 260, 300, false),
                    group("sequential records=10 repeat=3", 300, 380, true),
                    group("batch-50 records=10 repeat=3", 380, 400, true)),
            List.of(),
            List.of());

    private static GatlingLog.Group group(String name, int start, int end, boolean ok) {
        return new GatlingLog.Group(List.of(name), start, end, end - start, ok);
    }

    @Test
    void shouldReadEachRepeatOfACellApartAndShowTheirMedianAndSpread() {
        List<WritePoint> runs = WriteStrategies.of("h2", LOG);
        assertEquals(
                List.of(1, 1, 2, 2, 3, 3), runs.stream().map(WritePoint::repeat).toList());

        List<WritePoint> medians = WriteRepeats.medians(runs);
        assertEquals(2, medians.size());
        assertEquals(8.0, medians.get(0).msPerRecord(), 1e-9, "sequential: 10, 6 and 8 ms per record");
        assertEquals(false, medians.get(1).ok(), "a cell one of whose repeats failed is failed");
        assertEquals(
                List.of(
                        new WriteRepeats.Range("h2", "sequential", 1, 10, 3, new Spread(8, 6, 10)),
                        new WriteRepeats.Range("h2", "batch", 50, 10, 3, new Spread(2, 2, 2))),
                WriteRepeats.ranges(runs),
                "batch-50's spread over the two repeats that passed");

        String html = Templates.section(WriteStrategiesSection.writeStrategies(runs, "local (127.0.0.1)"));
        assertTrue(html.contains("<td>sequential</td><td class=\"n\">1</td><td class=\"n\">8</td>"), html);
        assertTrue(html.contains("<th>median ms per record</th><th>least</th><th>most</th>"), html);
    }
}
