package dev.loadlab.server.overload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * An h2c client (prior knowledge) that never reads: it announces a stream receive window of 0, so the server may
 * send no byte of any answer body, and opens all its streams at once whatever the server's stream limit says.
 * It reads only frame headers, to count per stream what came back: the answer's HEADERS, a RST_STREAM (refused
 * at once past the limit, or reset later by the idle timeout), or nothing.
 */
final class H2cClient extends Peer {
    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADERS = 0x1;
    private static final int RST_STREAM = 0x3;
    private static final int SETTINGS = 0x4;
    private static final int PING = 0x6;
    private static final int GOAWAY = 0x7;
    private static final int REFUSED_STREAM = 0x7;
    private static final int FRAME_HEADER = 9;

    private static final byte NOTHING = 0;
    private static final byte ANSWERED = 1;
    private static final byte REFUSED = 2;
    private static final byte RESET = 3;
    private static final byte ANSWERED_THEN_RESET = 4;

    private final Tally tally;
    private final byte[] streams;
    private final String path;
    private final ByteBuffer in = ByteBuffer.allocate(32 * 1024); // a frame is at most 16 KiB unless we allow more
    private ByteBuffer out;
    private boolean connectedOnce;
    private boolean closed;
    private boolean ended;

    private H2cClient(int streams, String path, Tally tally) {
        this.streams = new byte[streams];
        this.path = path;
        this.tally = tally;
    }

    static void start(LoadLoop loop, int streams, String path, Tally tally) {
        loop.connect(new H2cClient(streams, path, tally), 0);
    }

    @Override
    void connected() throws IOException {
        connectedOnce = true;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.writeBytes(PREFACE);
        frame(b, SETTINGS, 0, 0, new byte[] {0, 0x4, 0, 0, 0, 0}); // SETTINGS_INITIAL_WINDOW_SIZE = 0
        byte[] block = headerBlock(path);
        for (int i = 0; i < streams.length; i++) {
            frame(b, HEADERS, 0x5, 1 + 2 * i, block); // END_STREAM | END_HEADERS: a GET
        }
        write(ByteBuffer.wrap(b.toByteArray()));
    }

    private void write(ByteBuffer bytes) throws IOException {
        if (out != null && out.hasRemaining()) {
            ByteBuffer both = ByteBuffer.allocate(out.remaining() + bytes.remaining());
            both.put(out).put(bytes).flip();
            bytes = both;
        }
        ((SocketChannel) key.channel()).write(bytes);
        out = bytes.hasRemaining() ? bytes : null;
        interest(SelectionKey.OP_READ | (out != null ? SelectionKey.OP_WRITE : 0));
    }

    @Override
    void writable() throws IOException {
        write(ByteBuffer.allocate(0));
    }

    @Override
    void readable() throws IOException {
        int n = ((SocketChannel) key.channel()).read(in);
        if (n < 0) {
            gone();
            return;
        }
        in.flip();
        while (in.remaining() >= FRAME_HEADER) {
            int at = in.position();
            int length = ((in.get(at) & 0xff) << 16) | ((in.get(at + 1) & 0xff) << 8) | (in.get(at + 2) & 0xff);
            if (length + FRAME_HEADER > in.capacity()) {
                throw new IOException("frame of " + length + " bytes, larger than this client reads");
            }
            if (in.remaining() < FRAME_HEADER + length) {
                break;
            }
            int type = in.get(at + 3) & 0xff;
            int flags = in.get(at + 4) & 0xff;
            int stream = in.getInt(at + 5) & 0x7fffffff;
            in.position(at + FRAME_HEADER);
            frame(type, flags, stream, length);
            in.position(at + FRAME_HEADER + length);
        }
        in.compact();
    }

    private void frame(int type, int flags, int stream, int length) throws IOException {
        int index = (stream - 1) / 2;
        if (type == HEADERS && stream > 0 && index < streams.length) {
            streams[index] = ANSWERED;
        } else if (type == RST_STREAM && stream > 0 && index < streams.length) {
            int code = in.getInt(in.position());
            streams[index] =
                    streams[index] == ANSWERED ? ANSWERED_THEN_RESET : (code == REFUSED_STREAM ? REFUSED : RESET);
        } else if (type == GOAWAY) {
            gone();
        } else if (type == SETTINGS && (flags & 0x1) == 0) {
            ByteArrayOutputStream ack = new ByteArrayOutputStream();
            frame(ack, SETTINGS, 0x1, 0, new byte[0]);
            write(ByteBuffer.wrap(ack.toByteArray()));
        } else if (type == PING && (flags & 0x1) == 0) {
            byte[] payload = new byte[length];
            in.duplicate().get(payload);
            ByteArrayOutputStream pong = new ByteArrayOutputStream();
            frame(pong, PING, 0x1, 0, payload);
            write(ByteBuffer.wrap(pong.toByteArray()));
        }
    }

    private void gone() {
        closed = true;
        interest(0);
    }

    @Override
    void failed(IOException e) {
        if (!connectedOnce) {
            tally.add("connection " + (e instanceof java.net.ConnectException ? Tally.REFUSED : "failed"));
            ended = true;
            return;
        }
        closed = true;
    }

    @Override
    void end() {
        if (ended) {
            return;
        }
        ended = true;
        for (byte s : streams) {
            tally.add(
                    switch (s) {
                        case ANSWERED -> "answered";
                        case REFUSED -> "refused";
                        case RESET -> "reset unanswered";
                        case ANSWERED_THEN_RESET -> "answered, then reset";
                        default -> closed ? "connection closed" : "no answer";
                    });
        }
        if (closed) {
            tally.add("(connections closed by the server)");
        }
    }

    /** HPACK without Huffman: :method GET and :scheme http indexed, :path and :authority as literals. */
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
        b.write(nameIndex); // literal without indexing, name from the static table; values here are short
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
}
