package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's samples, judged as they come: one stop, recorded for the gate, and none once the run ended by itself. */
class LiveWatchTest {
    @TempDir
    Path dir;

    private LiveWatch watch(String limits, AtomicInteger stops) {
        return new LiveWatch(
                StopLimits.of(limits, 5),
                "jmeter h2 checkout",
                "checkout",
                "all samples",
                dir.resolve(Stops.FILE),
                stops::incrementAndGet);
    }

    @Test
    void shouldStopTheToolOnceAndRecordWhenOnWhichRowAndLimit() throws Exception {
        AtomicInteger stops = new AtomicInteger();
        LiveWatch watch = watch("pay:p50Ms=200:stop", stops);
        for (int i = 0; i < 50; i++) {
            watch.sample(1_000 + i, "browse", 10, true);
            watch.sample(1_000 + i, "pay", 300, true);
            Thread.sleep(i == 10 ? LiveWatch.JUDGE_MS : 0); // a judgement falls in the run, after 5 samples of pay
        }
        assertEquals(1, stops.get());
        List<Stops.Stop> recorded = Stops.read(dir.resolve(Stops.FILE));
        assertEquals(1, recorded.size());
        Stops.Stop s = recorded.get(0);
        assertEquals("jmeter h2 checkout / pay checkout", s.crossing().row());
        assertEquals("p50Ms", s.crossing().figure());
        assertEquals(300, s.crossing().value());
        assertEquals(200, s.crossing().bound());
        assertEquals(1_000, s.runStartEpochMs());
        assertTrue(s.atEpochMs() > s.runStartEpochMs());
    }

    @Test
    void shouldJudgeTheRunsTotalRowToo() throws Exception {
        AtomicInteger stops = new AtomicInteger();
        LiveWatch watch = watch("all samples:errorPct=50:stop", stops);
        Thread.sleep(LiveWatch.JUDGE_MS);
        for (int i = 0; i < 6; i++) {
            watch.sample(1_000, "label " + i, 10, false); // no label has 5 samples; the run's total has 6
        }
        Thread.sleep(LiveWatch.JUDGE_MS);
        watch.sample(1_000, "label 6", 10, false);
        assertEquals(1, stops.get());
        assertEquals(
                "all samples",
                Stops.read(dir.resolve(Stops.FILE))
                        .get(0)
                        .crossing()
                        .row()
                        .split(" / ")[1]
                        .replace(" checkout", ""));
    }

    @Test
    void shouldNotStopARunThatEndedByItself() throws Exception {
        AtomicInteger stops = new AtomicInteger();
        LiveWatch watch = watch("checkout:maxMs=1:stop", stops);
        watch.end();
        Thread.sleep(LiveWatch.JUDGE_MS);
        for (int i = 0; i < 10; i++) {
            watch.sample(1_000, "pay", 300, true);
        }
        assertEquals(0, stops.get());
        assertTrue(Stops.read(dir.resolve(Stops.FILE)).isEmpty());
    }
}
