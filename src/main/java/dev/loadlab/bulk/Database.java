package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.PASSWORD;
import static dev.loadlab.bulk.BulkKnobs.URL;
import static dev.loadlab.bulk.BulkKnobs.USER;

import dev.loadlab.settings.JdbcDriver;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.UrlMask;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * The database under test: its dialect, how to open a connection, and the table commands (create, drop,
 * count) on a namespace. Connection failures become one {@link SettingError} line naming the setting to fix:
 * only the database can tell these, so they keep their own words rather than the catalogue's "expected".
 */
public final class Database {
    private final String url;
    private final Optional<String> user;
    private final Optional<String> password;
    private final Dialect dialect;
    private final String connectUrl;
    private final Properties credentials = new Properties();
    private final UrlMask mask;
    private final int loginTimeoutSeconds;
    /** What every new connection goes through: itself, or a test's counting wrapper over the real one. */
    private final UnaryOperator<Connection> onOpen;

    public Database(String url, Optional<String> user, Optional<String> password, int loginTimeoutSeconds) {
        this(url, user, password, loginTimeoutSeconds, UnaryOperator.identity());
    }

    private Database(
            String url,
            Optional<String> user,
            Optional<String> password,
            int loginTimeoutSeconds,
            UnaryOperator<Connection> onOpen) {
        this.url = url;
        this.onOpen = onOpen;
        this.user = user;
        this.password = password;
        this.dialect = Dialect.forUrl(url);
        this.connectUrl = dialect.connectUrl(url);
        user.ifPresent(u -> credentials.setProperty("user", u));
        password.ifPresent(p -> credentials.setProperty("password", p));
        this.mask = new UrlMask(user, password);
        this.loginTimeoutSeconds = loginTimeoutSeconds;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** The URL as it may be shown: with the dialect's options, secrets masked. */
    public String shownUrl() {
        return mask.clean(connectUrl);
    }

    /** Fails with one line when the dialect's driver is missing from {@code loader}. */
    void requireDriver(ClassLoader loader) {
        try {
            Class.forName(dialect.driver().driverClass(), true, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            JdbcDriver driver = dialect.driver();
            throw new SettingError(URL.name() + ": " + UrlMask.mask(url) + " needs the JDBC driver "
                    + driver.driverClass() + " (Maven " + driver.artifact() + "), which is not on the classpath: "
                    + driver.dependencyToAdd());
        }
    }

    /** A new connection, auto-commit on. Failures are reported as one line naming the setting to check. */
    public Connection open() {
        try {
            return connect();
        } catch (SQLException e) {
            throw connectFailure(e);
        }
    }

    /**
     * A new connection, auto-commit on, or the driver's own SQLException: for a run's workers, where a refusal
     * after the first connections is the database's connection limit, not a wrong URL.
     */
    Connection connect() throws SQLException {
        requireDriver(Database.class.getClassLoader());
        DriverManager.setLoginTimeout(loginTimeoutSeconds);
        return onOpen.apply(DriverManager.getConnection(connectUrl, credentials));
    }

    /** The same database, every new connection handed to {@code wrapper} first (tests count them this way). */
    Database wrapping(UnaryOperator<Connection> wrapper) {
        return new Database(url, user, password, loginTimeoutSeconds, c -> wrapper.apply(onOpen.apply(c)));
    }

    private SettingError connectFailure(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String reason = firstLine(e);
        if (state.startsWith("28")
                || reason.toLowerCase().contains("authentication")
                || reason.toLowerCase().contains("access denied")
                || reason.toLowerCase().contains("wrong user name or password")) {
            return new SettingError(USER.name() + "/" + PASSWORD.name() + " (from " + USER.environment() + "/"
                    + PASSWORD.environment() + "): " + shownUrl()
                    + " refused the credentials: " + reason);
        }
        return new SettingError(URL.name() + ": cannot connect to " + shownUrl() + ": " + reason);
    }

    /** The first line of a driver message, credentials hidden. */
    String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        return mask.clean(newline < 0 ? message : message.substring(0, newline)).trim();
    }

    /** Driver and database name and version, from the connection's metadata. */
    static String[] versions(Connection connection) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        return new String[] {
            meta.getDriverName() + " " + meta.getDriverVersion(),
            meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion()
        };
    }

    public boolean exists(Connection connection, String namespace) throws SQLException {
        return queryLong(connection, dialect.existsSql(namespace)) > 0;
    }

    public void create(Connection connection, String namespace) throws SQLException {
        execute(connection, dialect.createSql(namespace));
    }

    public void drop(Connection connection, String namespace) throws SQLException {
        execute(connection, dialect.dropSql(namespace));
    }

    /** Drops the namespace when present, then creates it empty. */
    public void recreate(Connection connection, String namespace) throws SQLException {
        if (exists(connection, namespace)) {
            drop(connection, namespace);
        }
        create(connection, namespace);
    }

    public long count(Connection connection, String namespace) throws SQLException {
        return queryLong(connection, dialect.countSql(namespace));
    }

    static long queryLong(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rs = statement.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void execute(Connection connection, List<String> statements) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
