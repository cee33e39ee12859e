package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.loadlab.server.ReferenceServer;
import dev.loadlab.server.ServerTls;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each wire probed against real servers: the reference server (all four), and the JDK's own HTTP and HTTPS servers,
 * which like most servers speak no h2c on their cleartext port and offer no h2 by ALPN on their TLS port.
 */
class WireProbeTest {
    private static ReferenceServer reference;
    private static HttpServer plainJdk;
    private static HttpsServer tlsJdk;

    @BeforeAll
    static void start() throws Exception {
        reference = TestTargets.referenceServer();
        plainJdk = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        plainJdk.createContext("/", WireProbeTest::answer);
        plainJdk.start();
        SSLContext tls = ServerTls.serverContext();
        tlsJdk = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        tlsJdk.setHttpsConfigurator(new HttpsConfigurator(tls));
        tlsJdk.createContext("/", WireProbeTest::answer);
        tlsJdk.start();
    }

    private static void answer(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        exchange.sendResponseHeaders(404, -1);
        exchange.close();
    }

    @AfterAll
    static void stop() {
        reference.close();
        plainJdk.stop(0);
        tlsJdk.stop(0);
    }

    @Test
    void shouldFindEveryWireTheReferenceServerSpeaks() {
        for (Wire wire : Wire.values()) {
            URI base = wire.tls ? reference.tlsUri() : reference.httpUri();
            assertEquals(Optional.empty(), WireProbe.refusal(wire, base), wire.id);
        }
    }

    @Test
    void shouldSayAServerWithoutH2cAnsweredItsPrefaceInHttp1() {
        URI base = URI.create("http://127.0.0.1:" + plainJdk.getAddress().getPort() + "/any/path?q=1");

        assertEquals(Optional.empty(), WireProbe.refusal(Wire.HTTP1, base), "a 404 is an answer");
        String refusal = WireProbe.refusal(Wire.H2C, base).orElseThrow();
        assertTrue(refusal.startsWith("answered in HTTP/1.1 (HTTP/1.1 "), refusal);
    }

    @Test
    void shouldSayATlsServerWithoutAlpnChoseNoProtocolForH2() {
        URI base = URI.create("https://127.0.0.1:" + tlsJdk.getAddress().getPort());

        assertEquals(Optional.empty(), WireProbe.refusal(Wire.HTTP1_TLS, base), "any certificate: only the protocol");
        assertEquals(Optional.of("chose no protocol by ALPN, not h2"), WireProbe.refusal(Wire.H2, base));
    }

    @Test
    void shouldNameWhatAPortThatSpeaksNoHttpSent() throws Exception {
        try (ServerSocket notHttp = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            Thread greeter = new Thread(() -> {
                for (int i = 0; i < 2; i++) {
                    try (Socket s = notHttp.accept()) {
                        s.getOutputStream().write("SSH-2.0-OpenSSH_9.2\r\n".getBytes(StandardCharsets.US_ASCII));
                        s.getInputStream().readNBytes(24);
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            greeter.start();
            URI base = URI.create("http://127.0.0.1:" + notHttp.getLocalPort());

            assertEquals(
                    Optional.of("answered not in HTTP/1.1: SSH-2.0-OpenSSH_9.2"), WireProbe.refusal(Wire.HTTP1, base));
            assertEquals(Optional.of("answered with something that is not HTTP/2"), WireProbe.refusal(Wire.H2C, base));
            greeter.join(5_000);
        }
    }

    @Test
    void shouldSayAPortWhereNothingListensRefusedTheConnection() throws Exception {
        int port = TestTargets.closedPort();
        String refusal = WireProbe.refusal(Wire.H2C, URI.create("http://127.0.0.1:" + port))
                .orElseThrow();
        assertTrue(refusal.startsWith("refused the connection"), refusal);
    }
}
