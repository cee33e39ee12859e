package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.studies.gatewaycapacity.TestSteps.knees;
import static dev.loadlab.studies.gatewaycapacity.TestSteps.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Spread;
import dev.loadlab.report.page.Templates;
import dev.loadlab.report.read.Parts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway search over -Drepeats, read from a run's files as GatewayStepsTest reads one search. */
class GatewayRepeatsTest {
    @TempDir
    Path dir;

    /**
     * -Drepeats=2: the fixture's search is the first repeat (written before repeats, so with no repeat column), then a
     * second that broke at 6 and held at 5. Each repeat is a knee of its own; their range is the median and bounds.
     */
    @Test
    void shouldGiveEachRepeatsKneeAndTheirMedianLeastAndMost() throws IOException {
        Path run = GatewayStepsTest.searchRun(dir);
        Files.writeString(
                run.resolve(GatewaySteps.STEPS_CSV),
                String.join(
                        "\n",
                        "100,1,doubling,1,0.0,,150,true,2",
                        "100,2,doubling,2,0.0,2.00,110,true,2",
                        "100,4,doubling,4,0.0,4.00,110,true,2",
                        "100,8,doubling,8,0.0,5.60,233,false,2",
                        "100,6,search,6,0.0,4.00,140,false,2",
                        "100,5,search,5,0.0,5.00,120,true,2\n"),
                StandardOpenOption.APPEND);
        StringBuilder timings = new StringBuilder();
        for (int rps : List.of(1, 2, 4, 8, 6, 5)) {
            timings.append("100,").append(rps).append(",OK,").append(100 + rps).append(",101.0,104.0,,2\n");
        }
        Files.writeString(run.resolve(GatewaySteps.TIMING_CSV), timings, StandardOpenOption.APPEND);

        Parts parts = GatewayStepsTest.read(run, GatewayStepsTest.SMOKE);
        List<Gateway.Knee> knees = knees(parts);
        assertEquals(List.of(1, 2), knees.stream().map(Gateway.Knee::repeat).toList());
        assertEquals(
                List.of(6, 5),
                knees.stream().map(Gateway.Knee::maxSustainableRps).toList());
        assertEquals(
                List.of(7, 6), knees.stream().map(Gateway.Knee::firstBrokenRps).toList());
        List<Gateway.Step> second =
                steps(parts).stream().filter(st -> st.repeat() == 2).toList();
        assertEquals(List.of(1, 2, 4, 8, 6, 5), GatewayStepsTest.column(second, Gateway.Step::stepRps));
        assertEquals(
                List.of(101L, 102L, 104L, 108L, 106L, 105L),
                GatewayStepsTest.column(second, Gateway.Step::clientP95Ms));
        assertEquals(
                List.of(new Gateway.KneeRange("HTTP/1.1", 100, 2, new Spread(5.5, 5, 6))),
                TestSteps.figures(parts).kneeRanges());

        String html = Templates.section(GatewaySection.of(steps(parts), knees));
        assertTrue(html.contains("HTTP/1.1, upstream latency 100 ms, repeat 2"), html);
        assertTrue(html.contains("<td class=\"n\">5.50</td><td class=\"n\">5</td><td class=\"n\">6</td>"), html);
    }
}
