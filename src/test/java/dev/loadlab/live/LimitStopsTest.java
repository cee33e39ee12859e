package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.loadlab.report.model.Check;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A run a :stop limit ended fails the gate, saying on which row and limit, and when. */
class LimitStopsTest {
    @Test
    void shouldFailNamingTheRowTheFigureItsBoundAndWhenTheRunStopped() {
        long start = Instant.parse("2026-11-28T08:22:05Z").toEpochMilli();
        Check c = LimitStops.check(new Stops.Stop(
                start + 5_350,
                start,
                new StopLimits.Crossing("gatling h2 CheckoutSimulation / pay checkout", "p95Ms", 812, 500, 31)));
        assertFalse(c.passed());
        assertEquals(LimitStops.KIND, c.kind());
        assertEquals("gatling h2 CheckoutSimulation / pay checkout", c.scenario());
        assertEquals("p95 ms", c.figure());
        assertEquals("812", c.now());
        assertEquals("<= 500 (:stop): stopped at 08:22:10 UTC, 5 s into the run, after 31 samples", c.limit());
    }
}
