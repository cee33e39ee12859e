package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * server.rttMs: the tools reach the load ports through relays that hold every chunk half the round trip each way, so
 * an exchange pays one round trip (200 ms here), a new connection one more for its TCP handshake and a TLS 1.3
 * handshake one, and h2 and the answers pass unchanged.
 */
class RoundTripTimeTest {
    private static final int RTT_MS = 200;
    /**
     * Above the round trips charged: less than one more round trip, so one charged twice fails; the stalls the test's
     * JVM saw meanwhile come on top (StallWatch), so a busy machine does not.
     */
    private static final int SLACK_MS = 150;

    private static ReferenceServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ServerSettings.of(
                Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.rttMs", Integer.toString(RTT_MS))));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * {@code ms} paid {@code roundTrips} round trips: not fewer, and not one more (the slack is less than a round
     * trip), with the stalls the JVM saw meanwhile on top.
     */
    private static void assertPaidRoundTrips(int roundTrips, long ms, StallWatch stalls, String what) {
        assertTrue(
                ms >= roundTrips * RTT_MS && ms < roundTrips * RTT_MS + SLACK_MS + stalls.maxMs(),
                what + " took " + ms + " ms at a " + RTT_MS + " ms round trip (stalls " + stalls.maxMs() + " ms)");
    }

    @Test
    void shouldMakeEachExchangePayOneRoundTripAndAnswerUnchanged() throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest health =
                HttpRequest.newBuilder(server.httpUri().resolve("/health")).build();
        client.send(health, HttpResponse.BodyHandlers.ofString()); // the connection is open, kept alive
        try (StallWatch stalls = new StallWatch()) {
            long began = System.nanoTime();
            HttpResponse<String> answer = client.send(health, HttpResponse.BodyHandlers.ofString());
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);

            assertEquals("{\"status\":\"UP\"}", answer.body());
            assertPaidRoundTrips(1, ms, stalls, "one exchange");
        }
    }

    @Test
    void shouldChargeANewConnectionsFirstExchangeTheTcpHandshakesRoundTripToo() throws Exception {
        URI http = server.httpUri();
        long began = System.nanoTime();
        try (StallWatch stalls = new StallWatch();
                Socket socket = new Socket(http.getHost(), http.getPort())) {
            socket.getOutputStream()
                    .write("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertPaidRoundTrips(2, ms, stalls, "connect and one exchange");
        }
    }

    @Test
    void shouldMakeTheTlsHandshakePayTwoRoundTripsAsAbsConnectLineCountsIt() throws Exception {
        URI tls = server.tlsUri();
        long began = System.nanoTime();
        try (StallWatch stalls = new StallWatch();
                SSLSocket socket = (SSLSocket)
                        Clients.trusting(server).getSocketFactory().createSocket(tls.getHost(), tls.getPort())) {
            socket.startHandshake();
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            assertEquals("TLSv1.3", socket.getSession().getProtocol());
            assertPaidRoundTrips(2, ms, stalls, "TCP and TLS 1.3 handshakes");
        }
    }

    @Test
    void shouldCarryH2ThroughTheRelayAsTheServerSpeaksIt() throws Exception {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_2)
                .sslContext(Clients.trusting(server))
                .build();
        HttpResponse<String> answer = client.send(
                HttpRequest.newBuilder(server.tlsUri().resolve("/users/getAllUsers"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, answer.statusCode());
        assertEquals(HttpClient.Version.HTTP_2, answer.version());
        assertNotEquals(-1, answer.body().indexOf("\"id\""));
    }
}
