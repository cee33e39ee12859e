package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static dev.loadlab.bulk.Texts.assertLacks;
import static dev.loadlab.bulk.Texts.assertOneLine;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.settings.SettingError;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the user sees when the database cannot be used: one line naming the setting, no secret. */
class DatabaseErrorsTest {

    @Test
    void shouldNameTheMissingDriverAndItsMavenArtifact() {
        Database hana = new Database("jdbc:sap://hana.example:30015", Optional.empty(), Optional.empty(), 1);
        ClassLoader withoutNgdbc = new ClassLoader(getClass().getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.startsWith("com.sap.")) {
                    throw new ClassNotFoundException(name);
                }
                return super.loadClass(name, resolve);
            }
        };
        SettingError e = assertThrows(SettingError.class, () -> hana.requireDriver(withoutNgdbc));
        assertOneLine(e.getMessage());
        assertContains(
                e.getMessage(),
                "bulk.url:",
                "com.sap.db.jdbc.Driver",
                "com.sap.cloud.db.jdbc:ngdbc",
                "not on the classpath",
                "<groupId>com.sap.cloud.db.jdbc</groupId><artifactId>ngdbc</artifactId>");
    }

    @Test
    void shouldSayAnUnreachablePostgresqlCannotBeConnected() {
        Database db = new Database(
                "jdbc:postgresql://127.0.0.1:1/test?password=hunter2", Optional.of("alice"), Optional.of("hunter2"), 2);
        SettingError e = assertThrows(SettingError.class, db::open);
        assertOneLine(e.getMessage());
        assertContains(e.getMessage(), "bulk.url: cannot connect to jdbc:postgresql://127.0.0.1:1/test?password=***");
        assertLacks(e.getMessage(), "hunter2", "alice");
    }

    @Test
    void shouldSayAnUnreachableHanaCannotBeConnectedThroughNgdbc() {
        Database db = new Database(
                "jdbc:sap://127.0.0.1:1/?user=DBADMIN&password=Hana1234", Optional.empty(), Optional.empty(), 2);
        SettingError e = assertThrows(SettingError.class, db::open);
        assertOneLine(e.getMessage());
        assertContains(
                e.getMessage(),
                "bulk.url: cannot connect to jdbc:sap://127.0.0.1:1/?user=DBADMIN&password=***" + "&encrypt=true: ");
        assertLacks(e.getMessage(), "Hana1234");
    }

    @Test
    void shouldSayTheCredentialsWereRefusedByTheEmbeddedH2() {
        try (BulkTarget target = BulkTarget.open(TestSettings.of())) {
            String url = target.database().shownUrl();
            Database wrong = new Database(url, Optional.of("bulk"), Optional.of("wrong-password-7"), 2);
            SettingError e = assertThrows(SettingError.class, wrong::open);
            assertOneLine(e.getMessage());
            assertContains(
                    e.getMessage(),
                    "bulk.user/bulk.password (from BULK_USER/BULK_PASSWORD):",
                    "refused the credentials");
            assertLacks(e.getMessage(), "wrong-password-7");
        }
    }
}
