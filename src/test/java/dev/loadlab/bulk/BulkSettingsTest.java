package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BulkSettingsTest {

    @Test
    void shouldDefaultToTheStudysMatrixOnTheEmbeddedH2() {
        BulkSettings s = TestSettings.of();
        assertTrue(s.embedded());
        assertEquals(List.of(Mode.SEQUENTIAL, Mode.PARALLEL), s.modes());
        assertEquals(List.of(new Pair(10, 1_000), new Pair(2, 10_000), new Pair(1, 50_000)), s.pairs(), "smoke scale");
        assertEquals(3, s.repetitions());
        assertEquals(0, s.waitSeconds());
        assertEquals(0, s.flushRows());
        assertEquals(0, s.maxConnections(), "no cap: parallel mode opens one connection per batch");
        assertTrue(s.drop());
        assertEquals(Path.of("target/bulk/bulk-results.json"), s.resultsFile());
        assertEquals("127.0.0.1", s.httpHost());
        assertEquals(Optional.empty(), s.user());
        BulkSettings full = TestSettings.of(Map.of("scale", "full"));
        assertEquals(
                PairTest.STUDYS_PAIRS_AT_FULL_SCALE,
                full.pairs(),
                "the study's seven pairs at full scale, 1000x1000 among them");
        assertEquals(0, full.maxConnections(), "no cap at full scale either: par-1000x1000 holds 1,000 connections");
        assertEquals(10, full.repetitions());
    }

    @Test
    void shouldTakeAGivenPropertyOverTheDefaultAndNoBulkEnvironmentVariableForAnOrdinarySetting() {
        Map<String, String> env = Map.of("BULK_REPETITIONS", "6", "BULK_WAIT_SECONDS", "3", "BULK_FLUSH_ROWS", "100");
        BulkSettings s = BulkSettings.from(Settings.of(Map.of("bulk.repetitions", "4", "bulk.waitSeconds", "2"), env));
        assertEquals(4, s.repetitions());
        assertEquals(2, s.waitSeconds());
        assertEquals(0, s.flushRows(), "BULK_FLUSH_ROWS is no setting: the default applies");
    }

    @Test
    void shouldTreatAnEmptyValueAsUnsetSoTheDefaultApplies() {
        // The build hands over empty Maven properties (-Dbulk.url=) when the user sets none.
        BulkSettings s = TestSettings.of(Map.of("bulk.url", "", "bulk.repetitions", " "));
        assertEquals("", s.url());
        assertTrue(s.embedded());
        assertEquals(3, s.repetitions());
    }

    @Test
    void shouldReadTheCredentialsOnlyFromTheirEnvironmentVariables() {
        BulkSettings s =
                BulkSettings.from(Settings.of(Map.of(), Map.of("BULK_USER", "alice", "BULK_PASSWORD", "from-env")));
        assertEquals(Optional.of("alice"), s.user());
        assertEquals(Optional.of("from-env"), s.password());
        SettingError e = assertThrows(SettingError.class, () -> TestSettings.of(Map.of("bulk.password", "hunter2")));
        assertEquals(
                "-Dbulk.password is not allowed: a secret is read only from the environment variable BULK_PASSWORD",
                e.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '#',
            value = {
                "bulk.repetitions#0#-Dbulk.repetitions=0 is not allowed: expected an integer in [1, 1000]",
                "bulk.repetitions#1001#-Dbulk.repetitions=1001 is not allowed: expected an integer in [1, 1000]",
                "bulk.waitSeconds#-1#-Dbulk.waitSeconds=-1 is not allowed: expected an integer in [0, 3600]",
                "bulk.flushRows#1000001#-Dbulk.flushRows=1000001 is not allowed: expected an integer in [0, 1000000]",
                "bulk.statementRows#10001#-Dbulk.statementRows=10001 is not allowed: expected an integer in [0, 10000]",
                "bulk.maxConnections#-1#-Dbulk.maxConnections=-1 is not allowed: expected an integer in [0, 1000]",
                "bulk.maxConnections#1001#-Dbulk.maxConnections=1001 is not allowed: expected an integer in [0, 1000]",
                "bulk.repetitions#three#-Dbulk.repetitions=three is not allowed: expected an integer in [1, 1000]",
                "bulk.drop#yes#-Dbulk.drop=yes is not allowed: expected true or false",
                "bulk.modes#sequential,burst#-Dbulk.modes=sequential,burst is not allowed: expected a comma- or space-separated"
                        + " list of sequential|parallel (or seq|par)",
                "bulk.httpPort#70000#-Dbulk.httpPort=70000 is not allowed: expected an integer in [0, 65535]",
            })
    void shouldRejectABadValueWithOneLineNamingTheSettingAndItsAllowedValues(
            String name, String value, String message) {
        assertEquals(
                message,
                assertThrows(SettingError.class, () -> TestSettings.of(Map.of(name, value)))
                        .getMessage());
    }

    @Test
    void shouldRejectAnUnknownSettingListingTheKnownOnes() {
        SettingError e = assertThrows(SettingError.class, () -> TestSettings.of(Map.of("bulk.pair", "1x1")));
        assertContains(
                e.getMessage(), "-Dbulk.pair is not allowed: expected one of ", "bulk.pairs", "bulk.repetitions");
        Texts.assertLacks(e.getMessage(), "bulk.password");
    }

    @Test
    void shouldRejectAnArgumentNamingTheJvmOptionToUseInstead() {
        assertContains(
                assertThrows(SettingError.class, () -> BulkSettings.refuseArguments(new String[] {"--pairs=1x1"}))
                        .getMessage(),
                "argument '--pairs=1x1' is not allowed",
                "-Dbulk.pairs=");
    }

    @Test
    void shouldRejectAUrlThatIsNotJdbcWithoutShowingItsPassword() {
        SettingError e = assertThrows(
                SettingError.class,
                () -> TestSettings.of(Map.of("bulk.url", "postgres://u:hunter2@db/x?password=hunter2")));
        assertContains(e.getMessage(), "-Dbulk.url=", "is not allowed: expected a JDBC URL");
        Texts.assertLacks(e.getMessage(), "hunter2");
    }

    @Test
    void shouldAcceptShortModeNamesAndDropRepeats() {
        assertEquals(
                List.of(Mode.PARALLEL, Mode.SEQUENTIAL),
                TestSettings.of(Map.of("bulk.modes", "par seq parallel")).modes());
    }

    @Test
    void shouldFlushTheWholeBatchByDefaultAndNeverMoreThanTheBatch() {
        assertEquals(5000, TestSettings.of().flushRowsFor(5000));
        assertEquals(1000, TestSettings.of(Map.of("bulk.flushRows", "1000")).flushRowsFor(5000));
        assertEquals(500, TestSettings.of(Map.of("bulk.flushRows", "1000")).flushRowsFor(500));
    }

    @Test
    void shouldOpenOneParallelConnectionPerBatchWhenNoCapIsSet() {
        BulkSettings s = TestSettings.of();
        for (int batchCount : new int[] {1, 10, 100, 1_000}) {
            assertEquals(batchCount, s.connectionsFor(Mode.PARALLEL, new Pair(batchCount, 1_000)));
            assertEquals(1, s.connectionsFor(Mode.SEQUENTIAL, new Pair(batchCount, 1_000)));
        }
    }

    @Test
    void shouldBoundParallelConnectionsByTheSmallerOfBatchCountAndTheCapWhenOneIsSet() {
        BulkSettings s = TestSettings.of(Map.of("bulk.maxConnections", "8"));
        assertEquals(8, s.connectionsFor(Mode.PARALLEL, new Pair(100, 10)));
        assertEquals(3, s.connectionsFor(Mode.PARALLEL, new Pair(3, 10)));
        assertEquals(1, s.connectionsFor(Mode.SEQUENTIAL, new Pair(100, 10)));
    }

    @Test
    void shouldNeverShowCredentialsInToString() {
        BulkSettings s = BulkSettings.from(Settings.of(
                Map.of("bulk.url", "jdbc:postgresql://h/db?password=hunter2"),
                Map.of("BULK_USER", "alice", "BULK_PASSWORD", "hunter2")));
        Texts.assertLacks(s.toString(), "alice", "hunter2");
        assertFalse(s.embedded());
    }
}
