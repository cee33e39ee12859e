package dev.loadlab.studies.gatewaycapacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.loadlab.settings.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The study's "no degradation up to" and its system table, from the steps of one latency (100 ms, margin 100 ms). */
class KneeFiguresTest {
    private static final GatewaySteps.Pod POD =
            GatewaySteps.Judging.from(Settings.of(Map.of())).pod();

    private static Gateway.Step step(int rps, long clientP95Ms, boolean sustained, Double cpu, Double memory) {
        return TestSteps.step(
                "h2", rps, clientP95Ms, sustained, cpu == null ? null : new Gateway.ProcessUse(cpu, memory));
    }

    @Test
    void shouldGiveTheHighestRateBelowWhichEveryStepKeptItsP95WithinTheMargin() {
        // run order as a search runs it: 32 broke, then 24 (degraded but sustained), then 20
        List<Gateway.Step> steps = List.of(
                step(1, 165, true, null, null),
                step(16, 154, true, null, null),
                step(32, 864, false, null, null),
                step(24, 450, true, null, null),
                step(20, 190, true, null, null));
        assertEquals(20, KneeFigures.noDegradationUpTo(steps, 100, 100));
        assertEquals(16, KneeFigures.noDegradationUpTo(steps, 100, 70));
    }

    @Test
    void shouldNotHoldTheLowestStepsColdRequestsAgainstItButItsVerdict() {
        List<Gateway.Step> coldFirst = List.of(step(1, 445, true, null, null), step(2, 135, true, null, null));
        assertEquals(2, KneeFigures.noDegradationUpTo(coldFirst, 100, 100));
        assertNull(KneeFigures.noDegradationUpTo(List.of(step(1, 297, false, null, null)), 100, 100));
        assertEquals(
                1,
                KneeFigures.noDegradationUpTo(
                        List.of(step(1, 150, true, null, null), step(2, 301, true, null, null)), 100, 100));
    }

    @Test
    void shouldSetTheGatewaysMostCpuAndMemoryBesideThePodsRequestAndLimit() {
        Gateway.Headroom h = KneeFigures.headroom(
                List.of(
                        step(1, 150, true, 25.0, 80.0),
                        step(2, 150, true, 1260.0, 246.0),
                        step(4, 150, true, null, null)),
                GatewaySteps.Judging.from(Settings.of(Map.of())).pod());
        assertEquals(new Gateway.Headroom(1260.0, 1500, 2000, 246.0, 3000, 4000), h);
        assertEquals(
                new Gateway.Headroom(null, 1500, 2000, null, 3000, 4000),
                KneeFigures.headroom(List.of(step(1, 150, true, null, null)), POD),
                "not polled: no maximum, the pod's request and limit still beside it");
    }

    @Test
    void shouldTakeTheMaximumOverTheStepsThatHeldOnlyAsTheStudysTableHasNoFigureForAStepThatTimedOut() {
        // the study at 5 s: 32 and 48 held, 64 and 60 failed ("-"), 58 held: its maximum 985 millicores, 441 MB is
        // 58's; a broken step's use (here higher) is the overload's, not what the gateway needed for a rate it held
        List<Gateway.Step> steps = List.of(
                step(32, 5062, true, 564.0, 181.0),
                step(64, 30000, false, 1990.0, 900.0),
                step(48, 13233, true, 849.0, 341.0),
                step(60, 30000, false, 1500.0, 700.0),
                step(58, 18550, true, 985.0, 441.0));

        assertEquals(new Gateway.Headroom(985.0, 1500, 2000, 441.0, 3000, 4000), KneeFigures.headroom(steps, POD));
        assertEquals(
                new Gateway.Headroom(null, 1500, 2000, null, 3000, 4000),
                KneeFigures.headroom(List.of(step(1, 30000, false, 1990.0, 900.0)), POD),
                "no step held: no maximum");
    }
}
