package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.SettingError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DialectTest {
    private static final String NS = "bulk_0a1b2c";

    @ParameterizedTest
    @CsvSource({
        "jdbc:sap://hana.example:30015/?databaseName=HXE, HANA",
        "JDBC:SAP://hana.example:443, HANA",
        "jdbc:postgresql://127.0.0.1:5432/test, POSTGRESQL",
        "jdbc:mariadb://127.0.0.1:3306/test, MARIADB",
        "jdbc:h2:tcp://127.0.0.1:9092/mem:x, H2",
    })
    void shouldPickTheDialectFromTheUrl(String url, Dialect expected) {
        assertEquals(expected, Dialect.forUrl(url));
    }

    @Test
    void shouldRejectAUrlOfAnotherDatabaseListingTheSupportedOnes() {
        SettingError e = assertThrows(SettingError.class, () -> Dialect.forUrl("jdbc:oracle:thin:@//db:1521/x"));
        assertEquals(
                "-Dbulk.url=jdbc:oracle:thin:@//db:1521/x is not allowed: expected " + BulkKnobs.URL.allowed(),
                e.getMessage());
        assertContains(e.getMessage(), "jdbc:sap:", "jdbc:postgresql:", "jdbc:mariadb:", "jdbc:h2:");
    }

    @Test
    void shouldCreateAHanaColumnTableInASchemaOfItsOwn() {
        assertEquals(
                List.of(
                        "create schema \"bulk_0a1b2c\"",
                        "create column table \"bulk_0a1b2c\".\"t\" (id integer, field double)"),
                Dialect.HANA.createSql(NS));
        assertEquals("select count(*) from sys.schemas where schema_name = 'bulk_0a1b2c'", Dialect.HANA.existsSql(NS));
        assertEquals("insert into \"bulk_0a1b2c\".\"t\" (id, field) values (?, ?)", Dialect.HANA.insertSql(NS));
        assertEquals("select count(*) from \"bulk_0a1b2c\".\"t\"", Dialect.HANA.countSql(NS));
    }

    @Test
    void shouldEncryptHanaConnectionsByDefault() {
        assertEquals(
                "jdbc:sap://hana.example:30015/?encrypt=true",
                Dialect.HANA.connectUrl("jdbc:sap://hana.example:30015"));
        assertEquals("jdbc:sap://h:30015/?encrypt=true", Dialect.HANA.connectUrl("jdbc:sap://h:30015/"));
        assertEquals(
                "jdbc:sap://h:30015/?databaseName=HXE&encrypt=true",
                Dialect.HANA.connectUrl("jdbc:sap://h:30015/?databaseName=HXE"));
    }

    @Test
    void shouldKeepAnEncryptSettingTheUserChose() {
        assertEquals("jdbc:sap://h:39015/?ENCRYPT=false", Dialect.HANA.connectUrl("jdbc:sap://h:39015/?ENCRYPT=false"));
    }

    @Test
    void shouldLetPostgresqlRewriteBatchesIntoMultiRowInserts() {
        String url = Dialect.POSTGRESQL.connectUrl("jdbc:postgresql://127.0.0.1:5432/test");
        assertEquals(
                "jdbc:postgresql://127.0.0.1:5432/test?reWriteBatchedInserts=true&ApplicationName=loadlab-bulk", url);
        assertEquals(
                "jdbc:postgresql://h/db?reWriteBatchedInserts=false&ApplicationName=loadlab-bulk",
                Dialect.POSTGRESQL.connectUrl("jdbc:postgresql://h/db?reWriteBatchedInserts=false"));
        assertEquals(
                List.of(
                        "create schema \"bulk_0a1b2c\"",
                        "create table \"bulk_0a1b2c\".\"t\" (id integer, field double precision)"),
                Dialect.POSTGRESQL.createSql(NS));
    }

    @Test
    void shouldUseMariadbsBulkProtocolAndATableOfItsOwn() {
        assertEquals(
                "jdbc:mariadb://127.0.0.1:3306/test?useBulkStmtsForInserts=true",
                Dialect.MARIADB.connectUrl("jdbc:mariadb://127.0.0.1:3306/test"));
        assertEquals(List.of("create table `bulk_0a1b2c` (id integer, field double)"), Dialect.MARIADB.createSql(NS));
        assertContains(Dialect.MARIADB.existsSql(NS), "information_schema.tables", "database()", "'bulk_0a1b2c'");
        assertEquals("insert into `bulk_0a1b2c` (id, field) values (?, ?)", Dialect.MARIADB.insertSql(NS));
    }

    @Test
    void shouldWriteMultiRowInsertsAndPostgresqlsArrayInsert() {
        assertEquals(
                "insert into \"bulk_0a1b2c\".\"t\" (id, field) values (?, ?), (?, ?), (?, ?)",
                Dialect.POSTGRESQL.insertSql(NS, 3));
        assertEquals(
                "insert into \"bulk_0a1b2c\".\"t\" (id, field) select * from unnest(?::int4[], ?::float8[])",
                Dialect.POSTGRESQL.arrayInsertSql(NS));
        assertTrue(Dialect.POSTGRESQL.arrayInsertByDefault());
        for (Dialect other : List.of(Dialect.HANA, Dialect.MARIADB, Dialect.H2)) {
            assertTrue(!other.arrayInsertByDefault(), other::name);
            assertThrows(IllegalStateException.class, () -> other.arrayInsertSql(NS));
        }
    }

    @Test
    void shouldLeaveH2UrlsAsGivenAndUseASchema() {
        assertEquals("jdbc:h2:tcp://127.0.0.1:1/mem:x", Dialect.H2.connectUrl("jdbc:h2:tcp://127.0.0.1:1/mem:x"));
        assertContains(Dialect.H2.existsSql(NS), "information_schema.schemata");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "HANA    | drop schema \"bulk_0a1b2c\" cascade",
                "MARIADB | drop table `bulk_0a1b2c`",
                "H2      | drop schema \"bulk_0a1b2c\" cascade",
            })
    void shouldDropTheRunsNamespaceWithItsTable(Dialect dialect, String drop) {
        assertEquals(List.of(drop), dialect.dropSql(NS));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "HANA       | 1000 | series_generate_integer(1, 0, 1000)",
                "POSTGRESQL | 10   | generate_series(0, 9)",
                "MARIADB    | 10   | seq_0_to_9",
                "H2         | 10   | system_range(0, 9)",
            })
    void shouldMakeTheRowsOfAnInsertSelectWithTheDatabasesOwnSeries(Dialect dialect, int rows, String series) {
        assertContains(dialect.insertSelectSql(NS, rows), series);
    }

    @Test
    void shouldMakeFreshNamespacesThatAreSafeToInline() {
        String a = Dialect.newNamespace();
        String b = Dialect.newNamespace();
        assertTrue(a.matches("bulk_[0-9a-f]{12}"), a);
        assertTrue(!a.equals(b));
        assertThrows(IllegalArgumentException.class, () -> Dialect.H2.createSql("x'; drop table y; --"));
    }
}
