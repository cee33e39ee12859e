package dev.loadlab.bench.overload;

import dev.loadlab.server.ServerSettings;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The overload scenarios: each starts its clients on a {@link LoadLoop} and says how long the load lasts. The
 * windows follow the server's own limits (its head deadline, its idle timeout), so each limit has time to act.
 */
final class Scenarios {
    /** One scenario: its name, its clients in words, how long its load lasts, and how it starts them. */
    interface Scenario {
        String name();

        String clients();

        long windowMs();

        void start(LoadLoop loop, Tally tally);
    }

    private static final String BULK = "/rest/records/bulk";

    private final BenchArgs args;
    private final ServerSettings server;

    Scenarios(BenchArgs args, ServerSettings server) {
        this.args = args;
        this.server = server;
    }

    Scenario named(String name) {
        return switch (name) {
            case "connections" -> connections();
            case "bodies" -> bodies();
            case "slow-heads" -> slowHeads();
            case "slow-bodies" -> slowBodies();
            case "never-read" -> neverRead();
            case "h2c" -> h2c();
            default -> throw new IllegalArgumentException(name);
        };
    }

    /**
     * Far more connections than server.maxConnections, each holding a slow request and keeping its connection
     * after the answer: past server.maxInFlight they get 503, past the connection cap they wait in the accept
     * queue, past that their SYN is not answered.
     */
    private Scenario connections() {
        int n = args.integer("connections");
        long hold = args.number("holdMs");
        String get = Http1Text.get("/payload?latencyMs=" + hold);
        return scenario("connections", n + " connections", hold + 2_000, (loop, tally) -> {
            for (int i = 0; i < n; i++) {
                Http1Client.start(loop, Http1Request.of(get).keptOpen(), tally);
            }
        });
    }

    /**
     * Clients that post bodies at server.maxBodyKb back to back (every fourth client one byte over it): the body
     * budget (server.bodyBufferMb) answers 503 before reading, the limit 413.
     */
    private Scenario bodies() {
        int n = args.integer("bodyClients");
        long max = server.maxBodyBytes();
        ByteBuffer atLimit = paddedRecords(max);
        ByteBuffer overLimit = paddedRecords(max + 1);
        return scenario(
                "bodies at the limit",
                n + " clients x " + max / 1024 + " KiB bodies",
                args.number("bodySeconds") * 1000,
                (loop, tally) -> {
                    for (int i = 0; i < n; i++) {
                        ByteBuffer body = i % 4 == 3 ? overLimit : atLimit;
                        long length = body.capacity();
                        Http1Client.start(
                                loop,
                                Http1Request.of(Http1Text.postHead(BULK, length))
                                        .body(body, length)
                                        .repeated(),
                                tally);
                    }
                });
    }

    /** Slowloris: heads trickled one header line a second, cut with 408 by server.headerTimeoutMs. */
    private Scenario slowHeads() {
        int n = args.integer("slowClients");
        long window = server.limits().headerTimeoutMs() * 5L / 4 + 3_000;
        String partial = "GET /users/getAllUsers HTTP/1.1\r\nHost: 127.0.0.1\r\n";
        return scenario("trickled heads", n + " connections", window, (loop, tally) -> {
            for (int i = 0; i < n; i++) {
                Http1Client.start(loop, Http1Request.of(partial).trickle(1, 1_000, true), tally);
            }
        });
    }

    /** Bodies of 64 KiB trickled at 100 bytes/s: 408 by server.minBodyKbPerSecond, or 503 by the body budget. */
    private Scenario slowBodies() {
        int n = args.integer("slowClients");
        int length = 64 * 1024;
        ByteBuffer body = paddedRecords(length);
        return scenario("trickled bodies", n + " clients x 64 KiB at 100 B/s", 8_000, (loop, tally) -> {
            for (int i = 0; i < n; i++) {
                Http1Client.start(
                        loop,
                        Http1Request.of(Http1Text.postHead(BULK, length))
                                .body(body, length)
                                .trickle(100, 1_000, false),
                        tally);
            }
        });
    }

    /**
     * Clients that ask for a large answer and never read it (4 KiB receive buffers): the server may hold each
     * answer's buffers until server.idleTimeoutMs closes the connection.
     */
    private Scenario neverRead() {
        int n = args.integer("neverReadClients");
        int kb = args.integer("answerKb");
        String get = Http1Text.get("/payload?kb=" + kb);
        long window = server.limits().idleTimeoutMs() + 5_000L;
        return scenario("never read", n + " clients x " + kb + " KiB answers", window, (loop, tally) -> {
            for (int i = 0; i < n; i++) {
                Http1Client.start(loop, Http1Request.of(get).neverRead(4096, kb * 1024L), tally);
            }
        });
    }

    /**
     * h2c connections that open many streams at once and read nothing (receive window 0): past server.h2MaxStreams
     * streams are refused, the rest are reset by the stream idle timeout (server.idleTimeoutMs).
     */
    private Scenario h2c() {
        int connections = args.integer("h2Connections");
        int streams = args.integer("h2Streams");
        long window = server.limits().idleTimeoutMs() + 5_000L;
        return scenario(
                "h2c streams never read",
                connections + " connections x " + streams + " streams",
                window,
                (loop, tally) -> {
                    for (int i = 0; i < connections; i++) {
                        H2cClient.start(loop, streams, "/payload?kb=64", tally);
                    }
                });
    }

    private interface Starter {
        void start(LoadLoop loop, Tally tally);
    }

    private static Scenario scenario(String name, String clients, long windowMs, Starter starter) {
        return new Scenario() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String clients() {
                return clients;
            }

            @Override
            public long windowMs() {
                return windowMs;
            }

            @Override
            public void start(LoadLoop loop, Tally tally) {
                starter.start(loop, tally);
            }
        };
    }

    /**
     * A bulk body of exactly {@code bytes}: JSON whitespace, then one short record. The JSON ends with the body's
     * last byte, so the server must read every byte before it can answer 201; it stores one row per request, so the
     * heap after the load shows what the server kept of the load, not rows of its in-memory database.
     */
    private static ByteBuffer paddedRecords(long bytes) {
        byte[] record = "[{\"field\":1.5,\"text\":\"overload\"}]".getBytes(StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.allocateDirect(Math.toIntExact(bytes));
        while (b.remaining() > record.length) {
            b.put((byte) ' ');
        }
        b.put(record);
        return b.clear().asReadOnlyBuffer();
    }
}
