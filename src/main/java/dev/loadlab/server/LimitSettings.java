package dev.loadlab.server;

import static dev.loadlab.settings.LimitKnobs.ACCEPT_QUEUE;
import static dev.loadlab.settings.LimitKnobs.BODY_BUFFER_MB;
import static dev.loadlab.settings.LimitKnobs.H2_MAX_STREAMS;
import static dev.loadlab.settings.LimitKnobs.H2_SESSION_WINDOW_KB;
import static dev.loadlab.settings.LimitKnobs.H2_STREAM_WINDOW_KB;
import static dev.loadlab.settings.LimitKnobs.HEADER_TIMEOUT_MS;
import static dev.loadlab.settings.LimitKnobs.IDLE_TIMEOUT_MS;
import static dev.loadlab.settings.LimitKnobs.MAX_CONNECTIONS;
import static dev.loadlab.settings.LimitKnobs.MIN_BODY_KB_PER_SECOND;

import dev.loadlab.settings.Settings;

/** The server's overload limits ({@link dev.loadlab.settings.LimitKnobs}) as one typed record. */
public record LimitSettings(
        int idleTimeoutMs,
        int headerTimeoutMs,
        int minBodyKbPerSecond,
        int maxConnections,
        int acceptQueue,
        int bodyBufferMb,
        int h2MaxStreams,
        int h2StreamWindowKb,
        int h2SessionWindowKb) {

    /** What server.bodyBufferMb=0 means: a sixteenth of the heap, for bodies whose parsed tree is several times larger. */
    private static final int HEAP_SHARE_FOR_BODIES = 16;

    static LimitSettings from(Settings s) {
        return new LimitSettings(
                s.integer(IDLE_TIMEOUT_MS),
                s.integer(HEADER_TIMEOUT_MS),
                s.integer(MIN_BODY_KB_PER_SECOND),
                s.integer(MAX_CONNECTIONS),
                s.integer(ACCEPT_QUEUE),
                s.integer(BODY_BUFFER_MB),
                s.integer(H2_MAX_STREAMS),
                s.integer(H2_STREAM_WINDOW_KB),
                s.integer(H2_SESSION_WINDOW_KB));
    }

    long bodyBufferBytes() {
        return bodyBufferMb > 0
                ? bodyBufferMb * 1024L * 1024
                : Runtime.getRuntime().maxMemory() / HEAP_SHARE_FOR_BODIES;
    }

    long minBodyBytesPerSecond() {
        return minBodyKbPerSecond * 1024L;
    }
}
