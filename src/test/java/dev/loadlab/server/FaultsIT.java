package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Faults on purpose, seen from real clients over real sockets: each kind reaches the client as that kind (a status, a
 * connection reset, a timeout, a refused connection), and the server's own count of what it injected equals what the
 * clients saw.
 */
@Tag("long")
class FaultsIT {
    private static final int REQUESTS = 400;
    private static ReferenceServer server;

    @BeforeAll
    static void start() throws Exception {
        server = ReferenceServer.start(ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0")));
    }

    @AfterEach
    void allOff() throws Exception {
        assertEquals(200, Admin.send("DELETE", server, "/faults").statusCode());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** One request on a connection of its own, as raw bytes: a status code, or the socket's own exception. */
    private static int rawGet(Socket socket, String path) throws IOException {
        try (socket) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            return Integer.parseInt(answer.substring(9, 12));
        }
    }

    private static Socket plainSocket() throws IOException {
        return new Socket(server.httpUri().getHost(), server.httpUri().getPort());
    }

    private static Socket tlsSocket() throws Exception {
        SSLSocket socket = (SSLSocket) Clients.trusting(server)
                .getSocketFactory()
                .createSocket(server.tlsUri().getHost(), server.tlsUri().getPort());
        socket.startHandshake(); // a reset must meet the request, not the handshake
        return socket;
    }

    @FunctionalInterface
    private interface Connect {
        Socket open() throws Exception;
    }

    /** Sends n requests, each on its own connection; counts the resets the client saw. */
    private static long resetsSeen(Connect connect, int n) throws Exception {
        long resets = 0;
        for (int i = 0; i < n; i++) {
            Socket socket = connect.open();
            try {
                assertEquals(200, rawGet(socket, "/users/getAllUsers"));
            } catch (SocketException e) {
                assertEquals("Connection reset", e.getMessage(), "an RST, not an orderly close");
                resets++;
            }
        }
        return resets;
    }

    @Test
    void shouldResetAShareOfConnectionsAsTheClientSeesThemAndCountEachOne() throws Exception {
        Admin.set(server, "resetRate=0.2");
        long before = Admin.injected(server, "reset");
        long plain = resetsSeen(FaultsIT::plainSocket, 200);
        long tls = resetsSeen(FaultsIT::tlsSocket, 200);
        assertEquals(plain + tls, Admin.injected(server, "reset") - before, "the server counts every reset it sent");
        assertTrue(plain >= 15 && plain <= 70, "about 20% of 200 over plain HTTP/1.1: " + plain);
        assertTrue(tls >= 15 && tls <= 70, "about 20% of 200 over TLS: " + tls);
    }

    @Test
    void shouldResetTheTcpConnectionUnderHttp2Too() throws Exception {
        Admin.set(server, "resetRate=0.2");
        long before = Admin.injected(server, "reset");
        HttpClient client = Clients.H2.client(server);
        long failed = 0;
        for (int i = 0; i < 200; i++) {
            try {
                Clients.H2.send(
                        client,
                        HttpRequest.newBuilder(server.tlsUri().resolve("/users/getAllUsers"))
                                .build());
            } catch (IOException e) {
                failed++;
            }
        }
        assertEquals(failed, Admin.injected(server, "reset") - before, "one request at a time: one failure a reset");
        assertTrue(failed >= 15 && failed <= 70, "about 20% of 200: " + failed);
    }

    @Test
    void shouldAnswerTheStatusShareInTurnWithExactlyTheServersCounts() throws Exception {
        Admin.set(server, "statusRate=0.25");
        Map<String, Long> before = new HashMap<>();
        for (String status : new String[] {"500", "502", "503"}) {
            before.put(status, Admin.injected(server, status));
        }
        HttpClient client = Clients.HTTP_1_1.client(server);
        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < REQUESTS; i++) {
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(server.httpUri().resolve("/foo/2/bar/3"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            seen.merge(answer.statusCode(), 1, Integer::sum);
            if (answer.statusCode() != 200) {
                assertTrue(answer.body().contains("fault injected on purpose"), answer.body());
            }
        }
        int faults = 0;
        for (String status : new String[] {"500", "502", "503"}) {
            int count = seen.getOrDefault(Integer.valueOf(status), 0);
            assertEquals(Admin.injected(server, status) - before.get(status), count, "status " + status);
            faults += count;
        }
        assertEquals(REQUESTS - faults, seen.getOrDefault(200, 0), seen.toString());
        assertTrue(faults >= 60 && faults <= 140, "about 25% of " + REQUESTS + ": " + seen);
        int fewest = Math.min(seen.get(500), Math.min(seen.get(502), seen.get(503)));
        int most = Math.max(seen.get(500), Math.max(seen.get(502), seen.get(503)));
        assertTrue(most - fewest <= 1, "statuses in turn: " + seen);
    }

    @Test
    void shouldFaultOnlyTheGivenPathsAndNeverTheProbes() throws Exception {
        Admin.set(server, "statusRate=1&statuses=502&paths=/payload");
        HttpClient client = Clients.HTTP_1_1.client(server);
        for (String path : new String[] {"/users/getAllUsers", "/health", "/metrics", "/calibrate/counts"}) {
            assertEquals(200, status(client, path), path);
        }
        assertEquals(502, status(client, "/payload?kb=1"));
        Admin.set(server, "paths=");
        assertEquals(502, status(client, "/users/getAllUsers"), "empty paths: every counted route");
        assertEquals(200, status(client, "/health"));
    }

    private static int status(HttpClient client, String path) throws Exception {
        return client.send(
                        HttpRequest.newBuilder(server.httpUri().resolve(path)).build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Test
    void shouldStallPastTheClientsTimeoutThenAnswer() throws Exception {
        Admin.set(server, "stallRate=1");
        long before = Admin.injected(server, "stall");
        HttpClient client = Clients.HTTP_1_1.client(server);
        HttpRequest shortTimeout = HttpRequest.newBuilder(server.httpUri().resolve("/users/getAllUsers"))
                .timeout(Duration.ofSeconds(1))
                .build();
        assertThrows(HttpTimeoutException.class, () -> client.send(shortTimeout, HttpResponse.BodyHandlers.ofString()));
        assertEquals(1, Admin.injected(server, "stall") - before);

        Admin.set(server, "stallMs=400");
        long started = System.nanoTime();
        assertEquals(200, status(client, "/users/getAllUsers"), "once held, the request gets its own answer");
        long heldMs = (System.nanoTime() - started) / 1_000_000;
        assertTrue(heldMs >= 380, "held " + heldMs + " ms");
    }

    @Test
    void shouldAnswer503PastAnInFlightLimitSetAtRunTime() throws Exception {
        assertEquals(1, Admin.set(server, "maxInFlight=1").path("maxInFlight").asInt());
        long shedBefore = Admin.injected(server, "shed");
        HttpClient client = Clients.HTTP_1_1.client(server);
        CompletableFuture<HttpResponse<String>> holding = client.sendAsync(
                HttpRequest.newBuilder(server.httpUri().resolve("/payload?latencyMs=1500"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(300); // admitted and held
        HttpResponse<String> shed = client.send(
                HttpRequest.newBuilder(server.httpUri().resolve("/users/getAllUsers"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(503, shed.statusCode(), shed.body());
        assertTrue(shed.body().contains("more than 1 requests in flight (server.maxInFlight)"), shed.body());
        assertEquals(1, Admin.injected(server, "shed") - shedBefore);
        assertEquals(200, holding.get().statusCode());
        Admin.send("DELETE", server, "/faults");
        assertEquals(4096, Admin.state(server).path("maxInFlight").asInt(), "all off: the start value again");
    }

    @Test
    void shouldRefuseConnectionsDuringAnOutageAndServeOnTheSamePortsAfterIt() throws Exception {
        long before = Admin.injected(server, "outage");
        HttpResponse<String> begun = Admin.send("POST", server, "/faults/outage?seconds=2");
        assertEquals(200, begun.statusCode(), begun.body());
        assertTrue(begun.body().contains("\"listening\":false"), begun.body());
        for (URI port : new URI[] {server.httpUri(), server.tlsUri()}) {
            assertThrows(ConnectException.class, () -> new Socket(port.getHost(), port.getPort()).close(), "" + port);
        }
        assertEquals(1, Admin.injected(server, "outage") - before);
        awaitListening(server, 10);
        HttpClient client = Clients.HTTP_1_1.client(server);
        assertEquals(200, status(client, "/users/getAllUsers"));
        assertEquals(200, rawGet(tlsSocket(), "/users/getAllUsers"));
    }

    @Test
    void shouldTakeFaultsGivenAsPropertiesAtStartIncludingAPlannedOutage() throws Exception {
        try (ReferenceServer faulty = ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort", "0",
                "server.tlsPort", "0",
                "faults.statusRate", "1",
                "faults.statuses", "503",
                "faults.outageAfterSeconds", "1",
                "faults.outageSeconds", "1")))) {
            HttpClient client = Clients.HTTP_1_1.client(faulty);
            assertEquals(
                    503,
                    client.send(
                                    HttpRequest.newBuilder(faulty.httpUri().resolve("/users/getAllUsers"))
                                            .build(),
                                    HttpResponse.BodyHandlers.discarding())
                            .statusCode());
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (Admin.injected(faulty, "outage") == 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(1, Admin.injected(faulty, "outage"), "the planned outage began");
            awaitListening(faulty, 5);
        }
    }

    @Test
    void shouldStopAtOnceWithAStalledRequestPending() throws Exception {
        ReferenceServer stalling = ReferenceServer.start(
                ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0", "faults.stallRate", "1")));
        // A raw socket: the JDK client would send its GET again on a new connection once the first one closed.
        try (Socket socket =
                new Socket(stalling.httpUri().getHost(), stalling.httpUri().getPort())) {
            socket.getOutputStream()
                    .write("GET /users/getAllUsers HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (Admin.injected(stalling, "stall") == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            long started = System.nanoTime();
            stalling.close();
            long stopMs = (System.nanoTime() - started) / 1_000_000;
            // Had Jetty waited for the stalled request, the stop would have taken its whole stop timeout (2 s) at
            // least.
            assertTrue(stopMs < 2_000, "a stall of 120 s must not hold the stop: " + stopMs + " ms");
            socket.setSoTimeout(5_000);
            assertEquals(-1, socket.getInputStream().read(), "the connection ends without an answer");
        }
    }

    private static void awaitListening(ReferenceServer s, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!Admin.state(s).path("listening").asBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(Admin.state(s).path("listening").asBoolean(), "back after the outage");
    }
}
