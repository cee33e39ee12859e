package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The process behind a loopback port, read from /proc: this test's own JVM listens, so it must find itself. */
class ListeningProcessTest {
    @Test
    void shouldFindTheProcessThatListensOnAPortWithItsCpuTimeAndResidentMemory() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ListeningProcess process =
                    ListeningProcess.onPort(socket.getLocalPort()).orElseThrow();

            assertEquals(ProcessHandle.current().pid(), process.pid());
            assertTrue(process.cpuNanos() > 0, "a JVM that ran tests has used CPU");
            long rss = process.residentBytes();
            assertTrue(rss > 10_000_000 && rss < Runtime.getRuntime().maxMemory() + 2_000_000_000L, rss + " bytes");
        }
    }

    @Test
    void shouldFindNoneWhereNothingListens() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = socket.getLocalPort();
        }
        assertEquals(Optional.empty(), ListeningProcess.onPort(closed));
    }
}
