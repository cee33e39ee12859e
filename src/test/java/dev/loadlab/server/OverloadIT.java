package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The reference server under load past its limits, at smoke scale on real sockets: it sheds with 503, 413 and
 * 408, keeps its heap bounded while clients never read, and serves normally again once they are gone.
 */
@Tag("long")
class OverloadIT {
    private static final String BULK = "/rest/records/bulk";

    private final List<Socket> sockets = new ArrayList<>();
    private ReferenceServer server;

    @AfterEach
    void stop() {
        sockets.forEach(RawHttp::closeQuietly);
        if (server != null) {
            server.close();
        }
    }

    @Test
    void shouldAnswer503WithRetryAfterPastTheInFlightLimitAndServeAgainOnceTheLoadEnds() throws Exception {
        start(Map.of("server.maxInFlight", "8"));
        for (int i = 0; i < 20; i++) {
            send(connect(0), RawHttp.get("/payload?latencyMs=1500"));
        }
        Map<String, Integer> statuses = new TreeMap<>();
        for (Socket s : sockets) {
            String head = RawHttp.head(s, 5_000);
            statuses.merge(RawHttp.status(head), 1, Integer::sum);
            if (head.startsWith("HTTP/1.1 503")) {
                assertTrue(head.contains("Retry-After: 1"), head);
            }
        }
        assertEquals(Map.of("200", 8, "503", 12), statuses);
        assertServesPromptly();
    }

    @Test
    void shouldAnswer413ToABodyOneByteOverTheLimitAndAcceptOneAtIt() throws Exception {
        start(Map.of("server.maxBodyKb", "16"));
        byte[] atLimit = records(16 * 1024);
        byte[] overLimit = records(16 * 1024 + 1);

        Socket at = connect(0);
        send(at, RawHttp.postHead(BULK, atLimit.length));
        send(at, atLimit);
        Socket over = connect(0);
        send(over, RawHttp.postHead(BULK, overLimit.length));
        send(over, overLimit);

        assertEquals("201", RawHttp.status(RawHttp.head(at, 5_000)));
        assertEquals("413", RawHttp.status(RawHttp.head(over, 5_000)));
    }

    @Test
    void shouldAnswer408AndCloseAConnectionThatTricklesItsRequestHead() throws Exception {
        int headerTimeoutMs = 400;
        start(Map.of("server.headerTimeoutMs", Integer.toString(headerTimeoutMs)));
        Socket slow = connect(0);
        long began = System.nanoTime();
        send(slow, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        Thread trickle = trickle(slow, "X-Slow: y\r\n".getBytes(StandardCharsets.US_ASCII), 100);

        String head = RawHttp.head(slow, 5_000);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        trickle.interrupt();

        assertEquals("408", RawHttp.status(head), head);
        assertTrue(tookMs >= headerTimeoutMs && tookMs < headerTimeoutMs * 5 / 4 + 1_000, "408 after " + tookMs);
        assertTrue(RawHttp.closedByServer(slow, 2_000), "the connection stays open after the 408");
        assertServesPromptly();
    }

    @Test
    void shouldAnswer408ToABodyTrickledBelowTheMinimumRate() throws Exception {
        start(Map.of("server.minBodyKbPerSecond", "1"));
        Socket slow = connect(0);
        send(slow, RawHttp.postHead(BULK, 100_000));
        send(slow, "[");
        long began = System.nanoTime();
        Thread trickle = trickle(slow, "          ".getBytes(StandardCharsets.US_ASCII), 100); // 100 bytes/s

        String head = RawHttp.head(slow, 10_000);
        long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        trickle.interrupt();

        assertEquals("408", RawHttp.status(head), head);
        assertTrue(tookMs >= 2_000 && tookMs < 5_000, "408 after " + tookMs + " ms; the rate is checked after 2 s");
        assertServesPromptly();
    }

    @Test
    void shouldAnswer503ToABodyBeyondTheBodyBudgetAndAdmitBodiesOnceItFrees() throws Exception {
        start(Map.of("server.maxBodyKb", "512", "server.bodyBufferMb", "1"));
        List<Socket> bodies = List.of(connect(0), connect(0), connect(0));
        for (Socket s : bodies) {
            send(s, RawHttp.postHead(BULK, 512 * 1024)); // a head that promises a body at the limit, and waits
        }

        List<String> heads = new ArrayList<>();
        for (Socket s : bodies) {
            heads.add(RawHttp.head(s, 1_000));
        }
        // two bodies of 512 KiB fill the 1 MiB budget and are being read; the third is refused before its body
        assertEquals(2, heads.stream().filter(RawHttp.NO_ANSWER::equals).count(), heads.toString());
        String refused = heads.stream()
                .filter(h -> h.startsWith("HTTP/1.1 503"))
                .findFirst()
                .orElse("");
        assertTrue(refused.contains("Retry-After: 1"), heads.toString());

        for (Socket s : bodies) {
            s.close();
        }
        byte[] small = records(200);
        assertTrue(
                within(3_000, () -> "201".equals(postStatus(small))),
                "a small body is still refused after the big ones went away");
    }

    @Test
    void shouldKeepTheHeapBoundedAndCloseClientsThatNeverReadTheirAnswers() throws Exception {
        start(Map.of("server.maxInFlight", "16", "server.idleTimeoutMs", "1500"));
        send(connect(0), RawHttp.get("/payload?kb=2048")); // its answer is built and cached before the heap is read
        long before = liveHeap();
        for (int i = 0; i < 60; i++) {
            send(connect(4096), RawHttp.get("/payload?kb=2048"));
        }
        Thread.sleep(500);
        long heldBytes = liveHeap() - before;

        // 16 answers of 2 MiB are being written, 44 refused; a copy per answer would take 32 MiB or more
        assertTrue(heldBytes < 24L * 1024 * 1024, "the heap grew by " + heldBytes / 1024 + " KiB");
        assertTrue(
                within(5_000, () -> server.metrics().openConnections() <= 1),
                "the server still holds " + server.metrics().openConnections() + " connections after its idle timeout");
        assertServesPromptly();
        assertAllServed(16); // the refused and timed-out answers gave back their in-flight places
    }

    @Test
    void shouldRefuseHttp2StreamsBeyondItsLimitAndEndThoseNeverRead() throws Exception {
        start(Map.of("server.h2MaxStreams", "8", "server.idleTimeoutMs", "1500"));
        try (RawH2 client = RawH2.open(server.httpUri(), 40, "/payload?kb=64")) {
            assertTrue(within(3_000, () -> client.reset.get() >= 32), "refused streams: " + client.reset.get());
            assertTrue(client.answered.get() <= 8, "answered beyond the limit: " + client.answered.get());
            assertTrue(
                    within(5_000, () -> client.reset.get() >= 40 || client.goneAway),
                    "streams never read still open after the idle timeout: " + client.reset.get() + " reset");
        }
        assertServesPromptly();
    }

    // ---- helpers ----

    private void start(Map<String, String> limits) throws Exception {
        Map<String, String> settings = new HashMap<>(limits);
        settings.put("server.httpPort", "0");
        settings.put("server.tlsPort", "0");
        server = ReferenceServer.start(ServerSettings.of(settings));
    }

    private Socket connect(int receiveBuffer) throws Exception {
        Socket s = RawHttp.connect(server.httpUri(), receiveBuffer);
        sockets.add(s);
        return s;
    }

    private static Socket send(Socket s, String text) throws Exception {
        RawHttp.send(s, text);
        return s;
    }

    private static void send(Socket s, byte[] bytes) throws Exception {
        RawHttp.send(s, bytes);
    }

    /** Sends {@code piece} every {@code everyMs} until interrupted or the connection fails. */
    private static Thread trickle(Socket s, byte[] piece, long everyMs) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(everyMs);
                    RawHttp.send(s, piece);
                }
            } catch (Exception stopped) {
                // interrupted, or the server closed the connection
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** A bulk body of short records, padded with JSON whitespace to exactly {@code bytes}. */
    private static byte[] records(int bytes) {
        StringBuilder json = new StringBuilder("[");
        String record = "{\"field\":1.5,\"text\":\"" + "x".repeat(100) + "\"}";
        while (json.length() + record.length() + 2 < bytes) {
            json.append(json.length() > 1 ? "," : "").append(record);
        }
        json.append(']');
        return (json + " ".repeat(bytes - json.length())).getBytes(StandardCharsets.US_ASCII);
    }

    private String postStatus(byte[] body) {
        try (Socket s = RawHttp.connect(server.httpUri(), 0)) {
            RawHttp.send(s, RawHttp.postHead(BULK, body.length));
            RawHttp.send(s, body);
            return RawHttp.status(RawHttp.head(s, 2_000));
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** /health and a normal GET answer 200 within 1 s each, on fresh connections. */
    private void assertServesPromptly() throws Exception {
        for (String path : List.of("/health", "/payload?kb=1")) {
            long began = System.nanoTime();
            try (Socket s = RawHttp.connect(server.httpUri(), 0)) {
                RawHttp.send(s, RawHttp.get(path));
                assertEquals("200", RawHttp.status(RawHttp.head(s, 1_000)), path);
            }
            long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
            assertTrue(ms < 1_000, path + " took " + ms + " ms");
        }
    }

    private void assertAllServed(int concurrent) throws Exception {
        List<Socket> batch = new ArrayList<>();
        for (int i = 0; i < concurrent; i++) {
            batch.add(send(connect(0), RawHttp.get("/payload?latencyMs=300")));
        }
        for (Socket s : batch) {
            assertEquals("200", RawHttp.status(RawHttp.head(s, 3_000)));
        }
    }

    private static boolean within(long ms, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    private static long liveHeap() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
