package dev.loadlab.steps.control;

import dev.loadlab.server.ReferenceServer;
import dev.loadlab.server.ServerSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;

/** Targets a build's first steps meet in these tests, on the loopback address. */
final class TestTargets {
    private TestTargets() {}

    /** A reference server of the test's own, on ports the system picks. */
    static ReferenceServer referenceServer() throws Exception {
        return ReferenceServer.start(ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0")));
    }

    /** A port the system just handed out and that was closed again: a connection to it is refused. */
    static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
