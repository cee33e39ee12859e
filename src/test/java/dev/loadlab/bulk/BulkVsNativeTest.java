package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BulkVsNativeTest {

    @Test
    void shouldHoldIssueFivesFloors() {
        assertEquals(0.7, BulkVsNative.floor("postgresql", Mode.SEQUENTIAL));
        assertEquals(1.0, BulkVsNative.floor("postgresql", Mode.PARALLEL));
        assertEquals(0.6, BulkVsNative.floor("h2", Mode.SEQUENTIAL));
        assertEquals(0.6, BulkVsNative.floor("h2", Mode.PARALLEL));
        assertNull(BulkVsNative.floor("mariadb", Mode.PARALLEL));
    }

    @Test
    void shouldParseTheFlushSizesToCompare() {
        assertEquals(List.of(0, 10_000, 1_000), BulkVsNative.flushSizes(Settings.of(Map.of())), "the default");
        assertEquals(
                List.of(0, 10_000, 1_000),
                BulkVsNative.flushSizes(Settings.of(Map.of("bulk.flushRowsList", "0,10000, 1000"))));
        assertContains(
                assertThrows(
                                SettingError.class,
                                () -> BulkVsNative.flushSizes(Settings.of(Map.of("bulk.flushRowsList", "0,-1"))))
                        .getMessage(),
                "-Dbulk.flushRowsList=0,-1 is not allowed: expected a comma-separated list of integers in [0, 1000000]");
    }

    @Test
    void shouldTimeTheNativeInsertSelectAndCheckItsCount() throws Exception {
        try (BulkTarget target = BulkTarget.open(TestSettings.of())) {
            NativeBaseline baseline = new NativeBaseline(target.database());
            assertTrue(baseline.seconds(NativeBaseline.Path.INSERT_SELECT, 5_000) > 0);
            assertEquals(false, baseline.supports(NativeBaseline.Path.COPY), "COPY is PostgreSQL's");
        }
    }

    @Test
    void shouldTimePostgresqlsCopy() throws Exception {
        NativeBaseline baseline = new NativeBaseline(LocalDatabases.postgresql());
        assertTrue(baseline.seconds(NativeBaseline.Path.COPY, 5_000) > 0);
        assertTrue(baseline.seconds(NativeBaseline.Path.INSERT_SELECT, 5_000) > 0);
    }
}
