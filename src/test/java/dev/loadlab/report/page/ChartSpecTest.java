package dev.loadlab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChartSpecTest {

    @Test
    void shouldLeaveOutPointsALogAxisCannotPlaceAndPointsWithoutAValue() {
        ChartSpec c = ChartSpec.lines(
                "c",
                "t",
                "x",
                "y",
                null,
                true,
                true,
                List.of(new ChartSpec.Series(
                        "a",
                        List.of(
                                new ChartSpec.Point(0, 1.0),
                                new ChartSpec.Point(10, 0.0),
                                new ChartSpec.Point(20, null),
                                new ChartSpec.Point(100, 0.123456)))));

        assertEquals(
                List.of(new ChartSpec.Point(100, 0.1235)), c.datasets().get(0).data(), "four digits, log-safe");
    }

    @Test
    void shouldDrawAMarkerAcrossTheFirstAxisPointsOnly() {
        ChartSpec c = ChartSpec.lines(
                        "c",
                        "t",
                        "x",
                        "y",
                        "y2",
                        false,
                        false,
                        List.of(
                                new ChartSpec.Series(
                                        "a", List.of(new ChartSpec.Point(1, 5.0), new ChartSpec.Point(2, 40.0))),
                                new ChartSpec.Series("b", List.of(new ChartSpec.Point(1, 9000.0)), true)))
                .withMarker(1.5, "max 1.5/s");

        ChartSpec.Dataset marker = c.datasets().get(2);
        assertEquals("max 1.5/s", marker.label());
        assertEquals(List.of(new ChartSpec.Point(1.5, 0.0), new ChartSpec.Point(1.5, 40.0)), marker.data());
        assertEquals("y2", c.datasets().get(1).axis());
        assertNull(c.datasets().get(0).axis());
    }

    @Test
    void shouldDashTheEleventhSeriesAndDotTheTwentyFirst() {
        List<ChartSpec.Series> many = new java.util.ArrayList<>();
        for (int i = 0; i < 21; i++) {
            many.add(new ChartSpec.Series("s" + i, List.of(new ChartSpec.Point(1, 1.0))));
        }
        ChartSpec c = ChartSpec.lines("c", "t", "x", "y", null, false, false, many);

        assertNull(c.datasets().get(9).dash());
        assertEquals(List.of(6, 3), c.datasets().get(10).dash());
        assertEquals(List.of(2, 2), c.datasets().get(20).dash());
        assertEquals(c.datasets().get(0).colour(), c.datasets().get(10).colour());
    }
}
