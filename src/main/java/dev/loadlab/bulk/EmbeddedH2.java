package dev.loadlab.bulk;

import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.Optional;
import org.h2.tools.Server;

/**
 * The bench's default database: an in-memory H2 behind H2's own TCP server on a free loopback port, so
 * every batch crosses a real connection as it would to a remote database. The user and password are made
 * up at start and live only in memory; the server stops with {@link #close()}.
 */
final class EmbeddedH2 implements AutoCloseable {
    static final String USER = "bulk";

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

    static EmbeddedH2 start() throws SQLException {
        // H2 listens on every interface unless told otherwise; the bench loads only loopback. The property is read
        // once, when H2 first loads, which in the bench's JVM is here; should it come too late, H2 still refuses
        // clients from other hosts (no -tcpAllowOthers).
        System.setProperty("h2.bindAddress", "127.0.0.1");
        byte[] secret = new byte[18];
        SecureRandom random = new SecureRandom();
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        String database = "mem:loadlab_bulk_" + HexFormat.of().formatHex(new byte[] {(byte) random.nextInt()});
        // The server refuses to create databases for remote clients (a safe default): create it in-process,
        // and keep that connection open so the in-memory database lives until the bench closes it.
        Connection keeper = DriverManager.getConnection("jdbc:h2:" + database + ";DB_CLOSE_DELAY=-1", USER, password);
        Server server;
        try {
            server = Server.createTcpServer("-tcpPort", "0").start();
        } catch (SQLException e) {
            keeper.close();
            throw e;
        }
        String url = "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/" + database;
        return new EmbeddedH2(server, keeper, url, password);
    }

    String url() {
        return url;
    }

    Optional<String> user() {
        return Optional.of(USER);
    }

    Optional<String> password() {
        return Optional.of(password);
    }

    @Override
    public void close() {
        try {
            keeper.createStatement().execute("shutdown");
            keeper.close();
        } catch (SQLException e) {
            // The database goes away with the server and the JVM anyway.
        }
        server.stop();
    }
}
