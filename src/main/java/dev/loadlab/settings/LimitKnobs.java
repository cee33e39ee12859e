package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.SERVER;

import java.util.List;

/**
 * How the reference server protects itself under overload: connection and body budgets, and the deadlines a slow
 * client must meet. Each limit answers what HTTP allows (503 with Retry-After, 408, 413) or, below HTTP, closes or
 * leaves the connection in the kernel's accept queue. See docs/server.md, "Limits and shedding".
 */
public final class LimitKnobs {
    private LimitKnobs() {}

    private static final Knobs server = new Knobs(SERVER);

    /** Jetty's own default; also the stream idle timeout of HTTP/2, so a stream a client never reads ends too. */
    public static final Setting IDLE_TIMEOUT_MS = server.integer(
            "server.idleTimeoutMs",
            1_000,
            3_600_000,
            30_000,
            "ms",
            "a connection or HTTP/2 stream with nothing read or written for this long is closed; a body read stalled"
                    + " this long is answered 408");
    /** A slowloris client trickles its head a byte at a time, each byte resetting the idle timeout. */
    public static final Setting HEADER_TIMEOUT_MS = server.integer(
            "server.headerTimeoutMs",
            100,
            600_000,
            10_000,
            "ms",
            "an HTTP/1.1 request head (request line and headers) not complete this long after it began is answered"
                    + " 408 and its connection closed (checked every quarter of it)");
    /** Loopback delivers megabytes per millisecond; 64 KiB/s refuses only a client that trickles on purpose. */
    public static final Setting MIN_BODY_KB_PER_SECOND = server.integer(
            "server.minBodyKbPerSecond",
            0,
            1_000_000,
            64,
            "KiB/s",
            "a request body arriving slower than this on average (after its first 2 s) is answered 408 (0: no"
                    + " minimum)");
    /** A few KiB of heap and one file descriptor each; keep it below `ulimit -n` (the server warns when not). */
    public static final Setting MAX_CONNECTIONS = server.integer(
            "server.maxConnections",
            1,
            1_000_000,
            10_000,
            "connections",
            "open TCP connections over both ports; at the limit the server stops accepting and newcomers wait in"
                    + " the accept queue until one closes");

    public static final Setting ACCEPT_QUEUE = server.integer(
            "server.acceptQueue",
            1,
            65_535,
            1024,
            "connections",
            "listen backlog of each port: connections the kernel holds while the server is at server.maxConnections"
                    + " (capped by net.core.somaxconn)");
    /**
     * The JSON tree of a parsed body takes several times its wire size, and blocking body routes run on up to
     * server.maxThreads threads: without a budget 200 bodies at the 8 MiB limit would need gigabytes of heap.
     */
    public static final Setting BODY_BUFFER_MB = server.integer(
            "server.bodyBufferMb",
            0,
            1_000_000,
            0,
            "MiB",
            "request bodies (by Content-Length; a chunked one counts as server.maxBodyKb) admitted at once; one more"
                    + " is answered 503 with Retry-After, one alone is always admitted (0: a sixteenth of the heap)");

    public static final Setting H2_MAX_STREAMS = server.integer(
            "server.h2MaxStreams",
            1,
            100_000,
            128,
            "streams",
            "concurrent streams an HTTP/2 client may open on one connection (SETTINGS_MAX_CONCURRENT_STREAMS)");
    /** Jetty's defaults (1 MiB stream, 1 MiB session) would let each h2 client park that much unread body per stream. */
    public static final Setting H2_STREAM_WINDOW_KB = server.integer(
            "server.h2StreamWindowKb",
            64,
            16 * 1024,
            256,
            "KiB",
            "request body an HTTP/2 client may send on one stream before the server reads it (its flow-control"
                    + " window)");

    public static final Setting H2_SESSION_WINDOW_KB = server.integer(
            "server.h2SessionWindowKb",
            64,
            64 * 1024,
            1024,
            "KiB",
            "request body an HTTP/2 client may send on all streams of one connection before the server reads it");

    static final List<Setting> ALL = server.all();
}
