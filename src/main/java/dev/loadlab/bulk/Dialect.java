package dev.loadlab.bulk;

import dev.loadlab.settings.JdbcDriver;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.UrlMask;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * What differs between the databases, picked by the JDBC URL: the DDL of the test table, where it lives
 * (a schema of its own, or on MariaDB a table of its own), and the connection options that make JDBC
 * batches fast or safe. Everything else in the bench is the same for every database.
 */
public enum Dialect {
    /** bulkbench's own target: a column table in a schema of its own; TLS unless the URL says otherwise. */
    HANA(JdbcDriver.HANA, "double", true),
    /** The driver sends a batch row by row unless it may rewrite it into multi-row inserts. */
    POSTGRESQL(JdbcDriver.POSTGRESQL, "double precision", true),
    /** Creating a database needs more privileges than a table: the table is the run's own namespace. */
    MARIADB(JdbcDriver.MARIADB, "double", false),
    H2(JdbcDriver.H2, "double precision", true);

    /** The study's table, one per run. */
    static final String TABLE = "t";

    private static final Pattern NAMESPACE = Pattern.compile("[a-z][a-z0-9_]{0,62}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final JdbcDriver driver;
    private final String doubleType;
    private final boolean schemaPerRun;

    Dialect(JdbcDriver driver, String doubleType, boolean schemaPerRun) {
        this.driver = driver;
        this.doubleType = doubleType;
        this.schemaPerRun = schemaPerRun;
    }

    public static Dialect forUrl(String url) {
        for (Dialect dialect : values()) {
            String prefix = dialect.driver.urlPrefix();
            if (url.regionMatches(true, 0, prefix, 0, prefix.length())) {
                return dialect;
            }
        }
        throw SettingError.notAllowed(BulkKnobs.URL.name(), UrlMask.mask(url), BulkKnobs.URL.allowed());
    }

    public String displayName() {
        return driver.database();
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public JdbcDriver driver() {
        return driver;
    }

    /** The URL the bench connects with: the user's URL plus this database's defaults, never overriding the user's. */
    public String connectUrl(String url) {
        switch (this) {
            case HANA:
                // ngdbc talks plain TCP unless told otherwise; the study's HANA is reached over networks.
                return JdbcUrl.withDefault(url, "encrypt", "true");
            case POSTGRESQL:
                // Without the rewrite pgJDBC stays at ~0.25-0.29M rows/s whatever the batch size (measured here).
                String rewritten = JdbcUrl.withDefault(url, "reWriteBatchedInserts", "true");
                return JdbcUrl.withDefault(rewritten, "ApplicationName", "loadlab-bulk");
            case MARIADB:
                // Connector/J 3 dropped rewriteBatchedStatements; its equivalent is the bulk protocol for inserts.
                return JdbcUrl.withDefault(url, "useBulkStmtsForInserts", "true");
            default:
                return url;
        }
    }

    /** A fresh namespace (schema, or MariaDB table) name: random, so runs never meet each other's rows. */
    public static String newNamespace() {
        byte[] bytes = new byte[6];
        RANDOM.nextBytes(bytes);
        return "bulk_" + HexFormat.of().formatHex(bytes);
    }

    public String table(String namespace) {
        String ns = quote(requireSafe(namespace));
        return schemaPerRun ? ns + "." + quote(TABLE) : ns;
    }

    public List<String> createSql(String namespace) {
        String columns = " (id integer, field " + doubleType + ")";
        String table = table(namespace);
        if (!schemaPerRun) {
            return List.of("create table " + table + columns);
        }
        String schema = "create schema " + quote(requireSafe(namespace));
        return List.of(schema, (this == HANA ? "create column table " : "create table ") + table + columns);
    }

    public List<String> dropSql(String namespace) {
        return schemaPerRun
                ? List.of("drop schema " + quote(requireSafe(namespace)) + " cascade")
                : List.of("drop table " + table(namespace));
    }

    /** One row, one column: how many of this namespace exist (0 or 1). Names are checked, so inlining is safe. */
    public String existsSql(String namespace) {
        String ns = requireSafe(namespace);
        switch (this) {
            case HANA:
                return "select count(*) from sys.schemas where schema_name = '" + ns + "'";
            case MARIADB:
                return "select count(*) from information_schema.tables where table_schema = database()"
                        + " and table_name = '" + ns + "'";
            default:
                return "select count(*) from information_schema.schemata where schema_name = '" + ns + "'";
        }
    }

    public String insertSql(String namespace) {
        return insertSql(namespace, 1);
    }

    /** One prepared insert of {@code rows} rows: {@code values (?, ?), (?, ?), ...}. */
    public String insertSql(String namespace, int rows) {
        StringBuilder sql =
                new StringBuilder("insert into ").append(table(namespace)).append(" (id, field) values (?, ?)");
        for (int i = 1; i < rows; i++) {
            sql.append(", (?, ?)");
        }
        return sql.toString();
    }

    /**
     * Whether a flush goes out as one insert whose rows are bound as arrays, when the bench is not told
     * otherwise. HANA (ngdbc), H2 and MariaDB (bulk protocol) already send a JDBC batch of single-row inserts as
     * an array execution. pgJDBC does not: its rewrite makes 128-row statements that it never prepares on the
     * server, so PostgreSQL parses and plans each one. Binding the flush as two arrays is PostgreSQL's nearest to
     * an array execution: measured here ~20% faster than prepared 1000-row VALUES statements, which in turn beat
     * the driver's rewrite.
     */
    public boolean arrayInsertByDefault() {
        return this == POSTGRESQL;
    }

    /** One insert for a whole flush: the ids and fields as two arrays. PostgreSQL only. */
    public String arrayInsertSql(String namespace) {
        if (this != POSTGRESQL) {
            throw new IllegalStateException(displayName() + " has no array insert here");
        }
        return "insert into " + table(namespace) + " (id, field) select * from unnest(?::int4[], ?::float8[])";
    }

    public String countSql(String namespace) {
        return "select count(*) from " + table(namespace);
    }

    /** The database's own bulk path, for the benchmark: rows 0..rows-1 generated inside the server. */
    public String insertSelectSql(String namespace, long rows) {
        String target = "insert into " + table(namespace) + " (id, field) ";
        switch (this) {
            case HANA:
                return target + "select element_number, element_number from series_generate_integer(1, 0, " + rows
                        + ")";
            case POSTGRESQL:
                return target + "select g, g from generate_series(0, " + (rows - 1) + ") g";
            case MARIADB:
                return target + "select seq, seq from seq_0_to_" + (rows - 1);
            default:
                return target + "select x, x from system_range(0, " + (rows - 1) + ")";
        }
    }

    private String quote(String identifier) {
        return this == MARIADB ? "`" + identifier + "`" : "\"" + identifier + "\"";
    }

    static String requireSafe(String namespace) {
        if (!NAMESPACE.matcher(namespace).matches()) {
            throw new IllegalArgumentException("namespace '" + namespace + "' is not [a-z][a-z0-9_]*");
        }
        return namespace;
    }
}
