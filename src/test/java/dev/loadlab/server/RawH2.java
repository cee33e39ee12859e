package dev.loadlab.server;

import static dev.loadlab.shared.H2Frames.GOAWAY;
import static dev.loadlab.shared.H2Frames.HEADERS;
import static dev.loadlab.shared.H2Frames.RST_STREAM;
import static dev.loadlab.shared.H2Frames.SETTINGS;

import dev.loadlab.shared.H2Frames;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An h2c client (prior knowledge) that never reads: it announces a receive window of 0, so the server may send
 * no byte of any answer body, opens as many streams as it likes regardless of the server's limit, and only counts
 * what comes back in frame headers. Jetty's own client would respect the limit; this one tests that the server
 * enforces it.
 */
final class RawH2 implements AutoCloseable {

    /** Streams whose response HEADERS arrived. */
    final AtomicInteger answered = new AtomicInteger();
    /** Streams the server reset (RST_STREAM: refused beyond its stream limit, or timed out unread). */
    final AtomicInteger reset = new AtomicInteger();
    /** Whether the server closed the whole connection (GOAWAY or end of stream). */
    volatile boolean goneAway;

    private final Socket socket;
    private final Thread reader;

    private RawH2(Socket socket) {
        this.socket = socket;
        this.reader = new Thread(this::readFrames, "raw-h2-reader");
        reader.setDaemon(true);
    }

    /** Connects, opens {@code streams} GET streams to {@code path} at once, and starts counting the replies. */
    static RawH2 open(URI base, int streams, String path) throws IOException {
        RawH2 client = new RawH2(RawHttp.connect(base, 0));
        OutputStream socketOut = client.socket.getOutputStream();
        socketOut.write(H2Frames.opening(path, streams));
        socketOut.flush();
        client.reader.start(); // only now: it writes too (SETTINGS acknowledgements)
        return client;
    }

    private void readFrames() {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            while (true) {
                int length = (in.readUnsignedByte() << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
                int type = in.readUnsignedByte();
                int flags = in.readUnsignedByte();
                in.readInt();
                in.skipNBytes(length);
                if (type == HEADERS) {
                    answered.incrementAndGet();
                } else if (type == RST_STREAM) {
                    reset.incrementAndGet();
                } else if (type == GOAWAY) {
                    goneAway = true;
                } else if (type == SETTINGS && (flags & 0x1) == 0) {
                    acknowledgeSettings();
                }
            }
        } catch (IOException end) {
            goneAway = true;
        }
    }

    private void acknowledgeSettings() throws IOException {
        socket.getOutputStream().write(H2Frames.frame(SETTINGS, 0x1, 0, new byte[0]));
        socket.getOutputStream().flush();
    }

    @Override
    public void close() {
        RawHttp.closeQuietly(socket);
    }
}
