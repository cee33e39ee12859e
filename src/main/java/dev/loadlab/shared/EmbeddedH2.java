package dev.loadlab.shared;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HexFormat;
import org.h2.tools.Server;

/**
 * The suite's default database, for the reference server and the bulk bench alike: an in-memory H2 behind H2's own
 * TCP server on a free loopback port, so that every write crosses a real JDBC connection as it would to PostgreSQL
 * or HANA. Fresh per start; the user and password are made up at start, live only in memory and are never printed.
 */
public final class EmbeddedH2 implements AutoCloseable {
    static {
        // H2 listens on every interface unless told otherwise, and the suite loads only loopback. H2 reads this once,
        // when it first loads, which in the suite's JVMs is here; were it too late, H2 still refuses clients from other
        // hosts (no -tcpAllowOthers).
        System.setProperty("h2.bindAddress", "127.0.0.1");
    }

    private static final String USER = "loadlab";

    private final Server server;
    private final Connection keeper;
    private final String url;
    private final String password;

    private EmbeddedH2(Server server, Connection keeper, String url, String password) {
        this.server = server;
        this.keeper = keeper;
        this.url = url;
        this.password = password;
    }

    public static EmbeddedH2 start() throws SQLException {
        SecureRandom random = new SecureRandom();
        byte[] secret = new byte[18];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        byte[] name = new byte[8];
        random.nextBytes(name);
        String database = "mem:loadlab_" + HexFormat.of().formatHex(name);
        // H2's server refuses to create databases for remote clients (a safe default): create it in-process, and
        // keep this connection open so that the in-memory database lives until close().
        Connection keeper = DriverManager.getConnection("jdbc:h2:" + database + ";DB_CLOSE_DELAY=-1", USER, password);
        Server server;
        try {
            server = Server.createTcpServer("-tcpPort", "0").start();
        } catch (SQLException e) {
            keeper.close();
            throw e;
        }
        return new EmbeddedH2(server, keeper, "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/" + database, password);
    }

    public String url() {
        return url;
    }

    public String user() {
        return USER;
    }

    public String password() {
        return password;
    }

    @Override
    public void close() {
        try {
            keeper.createStatement().execute("shutdown");
            keeper.close();
        } catch (SQLException e) {
            // the database goes away with the server and the JVM anyway
        }
        server.stop();
    }
}
