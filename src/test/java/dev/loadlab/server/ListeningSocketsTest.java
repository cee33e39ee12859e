package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.shared.EmbeddedH2;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Nothing the suite starts in a JVM listens beyond loopback: the reference server's two ports, its embedded H2 (on
 * disk), and the bulk bench's in-memory H2, each read back from the kernel's own socket tables. The JMeter and
 * Gatling runs open no listener of ours (JMeter's RMI is for distributed mode, which the suite does not use).
 */
@EnabledOnOs(OS.LINUX)
class ListeningSocketsTest {

    @Test
    void shouldListenOnlyOn127001WithTheReferenceServerAndBothEmbeddedDatabasesRunning() throws Exception {
        try (ReferenceServer server = ReferenceServer.start(
                        ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0")));
                EmbeddedH2 bulkDatabase = EmbeddedH2.start()) {
            List<ListeningSockets.Socket> sockets = ListeningSockets.ofThisProcess();
            Set<Integer> ports =
                    sockets.stream().map(ListeningSockets.Socket::port).collect(Collectors.toSet());

            // the listing sees what runs, so an empty or partial one cannot pass for a clean one
            assertTrue(ports.contains(server.httpUri().getPort()), "http port missing from " + sockets);
            assertTrue(ports.contains(server.tlsUri().getPort()), "tls port missing from " + sockets);
            assertTrue(ports.contains(h2Port(bulkDatabase.url())), "bulk H2 port missing from " + sockets);
            assertTrue(sockets.size() >= 4, "the server's own H2 is missing from " + sockets);

            List<ListeningSockets.Socket> beyondLoopback =
                    sockets.stream().filter(s -> !s.loopbackOnly()).toList();
            assertEquals(List.of(), beyondLoopback, "listening beyond 127.0.0.1 (all listeners: " + sockets + ")");
        }
    }

    @Test
    void shouldReportAWildcardOrIpv6ListenerAsBeyondLoopback() {
        List<String> tcp6 = List.of(
                "  sl  local_address                         remote_address                        st ...",
                "   0: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A"
                        + " 00000000:00000000 00:00000000 00000000  0 0 111 1 0 100 0 0 10 0",
                "   1: 0000000000000000FFFF00000100007F:1F91 00000000000000000000000000000000:0000 0A"
                        + " 00000000:00000000 00:00000000 00000000  0 0 222 1 0 100 0 0 10 0",
                "   2: 00000000000000000000000001000000:1F92 00000000000000000000000000000000:0000 0A"
                        + " 00000000:00000000 00:00000000 00000000  0 0 333 1 0 100 0 0 10 0");
        List<String> tcp = List.of(
                "  sl  local_address rem_address   st ...",
                "   0: 00000000:1F93 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 444 1 0 100 0 0 10 0",
                "   1: 0100007F:1F94 00000000:0000 0A 00000000:00000000 00:00000000 00000000 0 0 555 1 0 100 0 0 10 0",
                "   2: 0100007F:1F95 0100007F:9999 01 00000000:00000000 00:00000000 00000000 0 0 666 1 0 100 0 0 10 0");
        Set<String> ours = Set.of("111", "222", "333", "444", "555", "666");

        List<ListeningSockets.Socket> six = ListeningSockets.listening(tcp6, ours);
        List<ListeningSockets.Socket> four = ListeningSockets.listening(tcp, ours);

        assertEquals("[[::]:8080, 127.0.0.1:8081, [0:0:0:0:0:0:0:1]:8082]", six.toString());
        assertEquals("[0.0.0.0:8083, 127.0.0.1:8084]", four.toString(), "an established connection is no listener");
        assertFalse(six.get(0).loopbackOnly());
        assertTrue(six.get(1).loopbackOnly());
        assertFalse(four.get(0).loopbackOnly());
        assertEquals(List.of(), ListeningSockets.listening(tcp, Set.of("999")), "another process's sockets");
    }

    private static int h2Port(String jdbcUrl) {
        return URI.create(jdbcUrl.substring("jdbc:h2:".length())).getPort();
    }
}
