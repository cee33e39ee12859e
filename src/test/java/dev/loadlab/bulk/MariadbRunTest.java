package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static dev.loadlab.bulk.Texts.assertLacks;
import static dev.loadlab.bulk.Texts.assertOneLine;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.settings.SettingError;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real runs against the local MariaDB (skipped with a notice where there is none). */
class MariadbRunTest {
    private Database database;

    @BeforeEach
    void requireMariadb() {
        database = LocalDatabases.mariadb();
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void shouldInsertEveryRowAndPassTheCountCheck(Mode mode) {
        LocalDatabases.assertEveryRowCommittedAndCounted(database, mode);
    }

    @Test
    void shouldRefuseWrongCredentialsInOneLineNamingTheSettingWithoutTheSecret() {
        Database wrong = new Database(
                LocalDatabases.MARIADB_URL, Optional.of("loadlab_nobody"), Optional.of("not-the-password-42"), 5);
        SettingError e = assertThrows(SettingError.class, wrong::open);
        assertOneLine(e.getMessage());
        assertContains(e.getMessage(), "bulk.user/bulk.password", "refused the credentials");
        assertLacks(e.getMessage(), "not-the-password-42", "loadlab_nobody");
    }
}
