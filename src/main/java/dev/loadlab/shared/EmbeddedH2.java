package dev.loadlab.shared;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HexFormat;
import org.h2.engine.SysProperties;
import org.h2.tools.Server;

/**
 * The suite's default database, for the reference server and the bulk bench alike: an in-memory H2 behind H2's own
 * TCP server on a free loopback port, so that every write crosses a real JDBC connection as it would to PostgreSQL
 * or HANA; in memory, or in files of its own for the reference server. Fresh per start; the user and password are made up
 * at start, live only in memory and are never printed.
 */
public final class EmbeddedH2 implements AutoCloseable {
    /** The JVM option that binds H2's TCP server to loopback; a forked JVM that may run H2 gets it on its command line. */
    public static final String LOOPBACK_OPTION = "-Dh2.bindAddress=127.0.0.1";

    static {
        // H2 listens on every interface unless told otherwise, and the suite loads only loopback. H2 reads the property
        // once, when its SysProperties class initialises (at its first connection), which in the suite's own JVMs comes
        // after this; where it came first, start() refuses rather than listen beyond loopback.
        System.setProperty("h2.bindAddress", "127.0.0.1");
    }

    private static final String USER = "loadlab";

    private final Server server;
    private final Connection keeper;
    private final String url;
    private final String password;
    /** The files of an on-disk database; null in memory. */
    private final Path folder;

    private EmbeddedH2(Server server, Connection keeper, String url, String password, Path folder) {
        this.server = server;
        this.keeper = keeper;
        this.url = url;
        this.password = password;
        this.folder = folder;
    }

    /** An in-memory database: for runs whose rows are dropped as they go (the bulk bench's random table per run). */
    public static EmbeddedH2 start() throws SQLException {
        return start("mem:", null);
    }

    /**
     * A database in files under a fresh temporary folder, deleted on {@link #close()}: for the reference server, whose
     * tables keep every record a run writes. At -Pfull the OData experiment writes millions of the study's records
     * (93 characters of strings on average);
     * in memory they filled the server's heap (OutOfMemoryError), on disk the heap holds only H2's page cache.
     */
    public static EmbeddedH2 startOnDisk() throws SQLException, IOException {
        Path folder = Files.createTempDirectory("loadlab-h2-");
        // H2 takes an absolute path after "tcp://host:port/" as "/path": the folder's own leading slash makes two
        return start(folder.toString() + "/", folder);
    }

    private static EmbeddedH2 start(String prefix, Path folder) throws SQLException {
        SecureRandom random = new SecureRandom();
        byte[] secret = new byte[18];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        byte[] name = new byte[8];
        random.nextBytes(name);
        String database = prefix + "loadlab_" + HexFormat.of().formatHex(name);
        // H2's server refuses to create databases for remote clients (a safe default): create it in-process, and
        // keep this connection open so that the in-memory database lives until close().
        Connection keeper = DriverManager.getConnection("jdbc:h2:" + database + ";DB_CLOSE_DELAY=-1", USER, password);
        Server server;
        try {
            refuseUnlessLoopback();
            server = Server.createTcpServer("-tcpPort", "0").start();
        } catch (SQLException | RuntimeException e) {
            keeper.close();
            throw e;
        }
        return new EmbeddedH2(
                server, keeper, "jdbc:h2:tcp://127.0.0.1:" + server.getPort() + "/" + database, password, folder);
    }

    /** H2 binds its TCP server to what SysProperties read at its start, whatever the property says now. */
    private static void refuseUnlessLoopback() {
        String bound = SysProperties.BIND_ADDRESS;
        boolean loopback;
        try {
            loopback = bound != null
                    && !bound.isEmpty()
                    && InetAddress.getByName(bound).isLoopbackAddress();
        } catch (UnknownHostException e) {
            loopback = false;
        }
        if (!loopback) {
            throw new IllegalStateException("H2 was loaded before " + EmbeddedH2.class.getName() + " could bind it to"
                    + " loopback (h2.bindAddress is " + (bound == null ? "unset" : "'" + bound + "'")
                    + " in H2), so its TCP server would listen on every interface: start this JVM with "
                    + LOOPBACK_OPTION);
        }
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
        if (folder != null) {
            try {
                Trees.delete(folder);
            } catch (IOException e) {
                System.err.println("loadlab: could not delete the database files in " + folder + ": " + e);
            }
        }
    }
}
