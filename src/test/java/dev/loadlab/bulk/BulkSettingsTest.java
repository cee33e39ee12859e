package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BulkSettingsTest {

    @Test
    void shouldDefaultToTheStudysMatrixOnTheEmbeddedH2() {
        BulkSettings s = TestSettings.of();
        assertTrue(s.embedded());
        assertEquals(List.of(Mode.SEQUENTIAL, Mode.PARALLEL), s.modes());
        assertEquals(Pair.parseList("p", Pair.STUDY_PAIRS), s.pairs());
        assertEquals(BulkSettings.DEFAULT_REPETITIONS, s.repetitions());
        assertEquals(0, s.waitSeconds());
        assertEquals(0, s.flushRows());
        assertEquals(10, s.maxConnections());
        assertTrue(s.drop());
        assertEquals(Path.of("target/bulk/bulk-results.json"), s.resultsFile());
        assertEquals("127.0.0.1", s.httpHost());
        assertEquals(Optional.empty(), s.user());
    }

    @Test
    void shouldPreferAFlagOverASystemPropertyOverTheEnvironment() {
        Properties system = new Properties();
        system.setProperty("bulk.repetitions", "5");
        system.setProperty("bulk.waitSeconds", "2");
        Map<String, String> env = Map.of("BULK_REPETITIONS", "6", "BULK_WAIT_SECONDS", "3", "BULK_FLUSH_ROWS", "100",
                "BULK_PASSWORD", "from-env");
        BulkSettings s = BulkSettings.from(new SettingSource(Map.of("repetitions", "4"), system, env));
        assertEquals(4, s.repetitions());
        assertEquals(2, s.waitSeconds());
        assertEquals(100, s.flushRows());
        assertEquals(Optional.of("from-env"), s.password());
    }

    @Test
    void shouldTreatAnEmptyValueAsUnsetSoTheEnvironmentStillApplies() {
        Properties system = new Properties();
        system.setProperty("bulk.url", "");
        BulkSettings s = BulkSettings.from(new SettingSource(Map.of(), system,
                Map.of("BULK_URL", "jdbc:postgresql://127.0.0.1:5432/test")));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test", s.url());
    }

    @Test
    void shouldNameEnvironmentVariablesAfterTheSetting() {
        assertEquals("BULK_MAX_CONNECTIONS", SettingSource.environmentName("maxConnections"));
        assertEquals("BULK_USER", SettingSource.environmentName("user"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "repetitions|0|bulk.repetitions: 0 is out of range; allowed: an integer from 1 to 1000",
        "repetitions|1001|bulk.repetitions: 1001 is out of range; allowed: an integer from 1 to 1000",
        "waitSeconds|-1|bulk.waitSeconds: -1 is out of range; allowed: an integer from 0 to 3600",
        "flushRows|1000001|bulk.flushRows: 1000001 is out of range; allowed: an integer from 0 to 1000000",
        "statementRows|10001|bulk.statementRows: 10001 is out of range; allowed: an integer from 0 to 10000",
        "maxConnections|0|bulk.maxConnections: 0 is out of range; allowed: an integer from 1 to 1000",
        "repetitions|three|bulk.repetitions: 'three' is not a number; allowed: an integer from 1 to 1000",
        "drop|yes|bulk.drop: 'yes' is not a boolean; allowed: true, false",
        "modes|sequential,burst|bulk.modes: unknown mode 'burst'; allowed: sequential, parallel",
        "httpPort|70000|bulk.httpPort: 70000 is out of range; allowed: an integer from 0 to 65535",
    })
    void shouldRejectABadValueWithOneLineNamingTheSettingAndItsAllowedValues(String name, String value, String message) {
        assertEquals(message, assertThrows(BadSettingException.class, () -> TestSettings.of(name, value)).getMessage());
    }

    @Test
    void shouldRejectAnUnknownFlagListingTheKnownOnes() {
        BadSettingException e = assertThrows(BadSettingException.class, () -> TestSettings.of("pair", "1x1"));
        assertContains(e.getMessage(), "--pair: unknown setting", "pairs", "repetitions");
    }

    @Test
    void shouldRejectAnArgumentThatIsNotAFlag() {
        assertContains(assertThrows(BadSettingException.class, () -> SettingSource.parseFlags(new String[] {"run"}))
                .getMessage(), "argument 'run'", "--name=value");
    }

    @Test
    void shouldRejectAUrlThatIsNotJdbcWithoutShowingItsPassword() {
        BadSettingException e = assertThrows(BadSettingException.class,
                () -> TestSettings.of("url", "postgres://u:hunter2@db/x?password=hunter2"));
        assertContains(e.getMessage(), "bulk.url:", "not a JDBC URL");
        Texts.assertLacks(e.getMessage(), "hunter2");
    }

    @Test
    void shouldAcceptShortModeNamesAndDropRepeats() {
        assertEquals(List.of(Mode.PARALLEL, Mode.SEQUENTIAL), TestSettings.of("modes", "par seq parallel").modes());
    }

    @Test
    void shouldFlushTheWholeBatchByDefaultAndNeverMoreThanTheBatch() {
        assertEquals(5000, TestSettings.of().flushRowsFor(5000));
        assertEquals(1000, TestSettings.of("flushRows", "1000").flushRowsFor(5000));
        assertEquals(500, TestSettings.of("flushRows", "1000").flushRowsFor(500));
    }

    @Test
    void shouldBoundParallelConnectionsByTheSmallerOfBatchCountAndTheMaximum() {
        BulkSettings s = TestSettings.of("maxConnections", "8");
        assertEquals(8, s.connectionsFor(Mode.PARALLEL, new Pair(100, 10)));
        assertEquals(3, s.connectionsFor(Mode.PARALLEL, new Pair(3, 10)));
        assertEquals(1, s.connectionsFor(Mode.SEQUENTIAL, new Pair(100, 10)));
    }

    @Test
    void shouldNeverShowCredentialsInToString() {
        BulkSettings s = TestSettings.of("user", "alice", "password", "hunter2",
                "url", "jdbc:postgresql://h/db?password=hunter2");
        Texts.assertLacks(s.toString(), "alice", "hunter2");
        assertFalse(s.embedded());
    }
}
