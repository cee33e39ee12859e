package dev.loadlab.server;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An h2c client (prior knowledge) that never reads: it announces a receive window of 0, so the server may send
 * no byte of any answer body, opens as many streams as it likes regardless of the server's limit, and only counts
 * what comes back in frame headers. Jetty's own client would respect the limit; this one tests that the server
 * enforces it.
 */
final class RawH2 implements AutoCloseable {
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADERS = 0x1;
    private static final int RST_STREAM = 0x3;
    private static final int SETTINGS = 0x4;
    private static final int GOAWAY = 0x7;
    private static final int END_STREAM_AND_HEADERS = 0x5;
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;

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
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(PREFACE);
        byte[] windowZero = {0, SETTINGS_INITIAL_WINDOW_SIZE, 0, 0, 0, 0};
        frame(out, SETTINGS, 0, 0, windowZero);
        byte[] block = headerBlock(path);
        for (int i = 0; i < streams; i++) {
            frame(out, HEADERS, END_STREAM_AND_HEADERS, 1 + 2 * i, block);
        }
        OutputStream socketOut = client.socket.getOutputStream();
        socketOut.write(out.toByteArray());
        socketOut.flush();
        client.reader.start(); // only now: it writes too (SETTINGS acknowledgements)
        return client;
    }

    /** HPACK, no Huffman: :method GET and :scheme http from the static table, :path and :authority as literals. */
    private static byte[] headerBlock(String path) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x82);
        b.write(0x86);
        literal(b, 0x04, path);
        literal(b, 0x01, "127.0.0.1");
        return b.toByteArray();
    }

    private static void literal(ByteArrayOutputStream b, int nameIndex, String value) {
        byte[] v = value.getBytes(StandardCharsets.US_ASCII);
        if (v.length > 126) {
            throw new IllegalArgumentException("value too long for this client: " + value);
        }
        b.write(nameIndex); // literal header field without indexing, name from the static table
        b.write(v.length);
        b.writeBytes(v);
    }

    private static void frame(ByteArrayOutputStream out, int type, int flags, int stream, byte[] payload) {
        out.write(payload.length >>> 16);
        out.write(payload.length >>> 8);
        out.write(payload.length);
        out.write(type);
        out.write(flags);
        out.write(stream >>> 24);
        out.write(stream >>> 16);
        out.write(stream >>> 8);
        out.write(stream);
        out.writeBytes(payload);
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
        ByteArrayOutputStream ack = new ByteArrayOutputStream();
        frame(ack, SETTINGS, 0x1, 0, new byte[0]);
        socket.getOutputStream().write(ack.toByteArray());
        socket.getOutputStream().flush();
    }

    @Override
    public void close() {
        RawHttp.closeQuietly(socket);
    }
}
