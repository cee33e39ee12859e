package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The TLS port's handshake policy, seen from a client. */
class TlsTest {
    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    /** The JDK's own order would pick AES-256 both times; the server takes the client's first choice instead. */
    @ParameterizedTest
    @CsvSource({"TLS_AES_128_GCM_SHA256, TLS_AES_256_GCM_SHA384", "TLS_AES_256_GCM_SHA384, TLS_AES_128_GCM_SHA256"})
    void shouldTakeTheCipherSuiteTheClientPrefers(String first, String second) throws Exception {
        try (SSLSocket socket = (SSLSocket) Clients.trusting(SERVER.get())
                .getSocketFactory()
                .createSocket("127.0.0.1", SERVER.get().tlsUri().getPort())) {
            socket.setEnabledProtocols(new String[] {"TLSv1.3"});
            socket.setEnabledCipherSuites(new String[] {first, second});
            socket.startHandshake();
            assertEquals("TLSv1.3", socket.getSession().getProtocol());
            assertEquals(first, socket.getSession().getCipherSuite());
        }
    }
}
