package dev.loadlab.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.util.UUID;
import org.h2.tools.Server;

/**
 * The default database: H2 in TCP server mode on a free loopback port, so every write the reference
 * server makes crosses a real JDBC connection, as it would to PostgreSQL or HANA. In memory, fresh
 * per start, with a random password that is never printed.
 */
final class EmbeddedDatabase implements AutoCloseable {
  final String url;
  final String user = "loadlab";
  final String password = UUID.randomUUID().toString();
  private final Server tcpServer;

  private EmbeddedDatabase(Server tcpServer, String url) {
    this.tcpServer = tcpServer;
    this.url = url;
  }

  static EmbeddedDatabase start() throws SQLException, IOException {
    int port = freeLoopbackPort();
    // -ifNotExists lets the first connection create the in-memory database; H2 refuses remote
    // clients unless -tcpAllowOthers is given, so only this machine can reach it.
    Server server = Server.createTcpServer("-tcpPort", Integer.toString(port), "-ifNotExists").start();
    String name = "loadlab-" + UUID.randomUUID();
    return new EmbeddedDatabase(server, "jdbc:h2:tcp://127.0.0.1:" + port + "/mem:" + name + ";DB_CLOSE_DELAY=-1");
  }

  private static int freeLoopbackPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() {
    tcpServer.stop();
  }
}
