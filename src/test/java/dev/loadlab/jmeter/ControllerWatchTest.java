package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetSocketAddress;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The controller's address read from its RMI stub as the JDK writes it; the stopping itself: scripts/stop-drill.sh. */
class ControllerWatchTest {
    @Test
    void shouldReadTheHostAndPortOfAStubOverTlsAndInClear() {
        assertEquals(
                Optional.of(new InetSocketAddress("127.0.0.1", 40123)),
                ControllerWatch.endpoint(
                        "UnicastRef2 [liveRef: [endpoint:[127.0.0.1:40123,"
                                + "org.apache.jmeter.rmi.SSLRMIClientSocketFactory@5b6b3f52](remote),objID:[-3c1a:19a:-7ffd]]]"));
        assertEquals(
                Optional.of(new InetSocketAddress("10.0.0.4", 4002)),
                ControllerWatch.endpoint("UnicastRef [liveRef: [endpoint:[10.0.0.4:4002](remote),objID:[1]]]"));
    }

    @Test
    void shouldFindNoAddressInTextOfAnotherShape() {
        assertEquals(Optional.empty(), ControllerWatch.endpoint("UnicastRef [liveRef: [objID:[1]]]"));
    }
}
