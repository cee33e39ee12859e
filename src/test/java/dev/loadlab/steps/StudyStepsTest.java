package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.bulk.BulkKnobs;
import dev.loadlab.settings.Settings;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StudyStepsTest {
    @Test
    void theBulkBenchIsAStudysOwnStepWhenChosenAndNotLeftOut() {
        assertEquals(
                1, StudySteps.chosen(Settings.of(Map.of("experiments", "bulk"))).size());
        assertEquals(1, StudySteps.chosen(Settings.of(Map.of())).size()); // the default experiments hold it
        assertEquals(
                BulkKnobs.SKIP, StudySteps.chosen(Settings.of(Map.of())).get(0).skip());
    }

    @Test
    void noStepWhereNoChosenStudyHasOneOrItsSettingLeavesItOut() {
        assertEquals(
                0,
                StudySteps.chosen(Settings.of(Map.of("experiments", "latency,api-gateway")))
                        .size());
        assertEquals(
                0,
                StudySteps.chosen(Settings.of(Map.of("experiments", "bulk", "bulk.skip", "true")))
                        .size());
    }
}
