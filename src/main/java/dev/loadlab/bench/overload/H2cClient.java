package dev.loadlab.bench.overload;

import static dev.loadlab.shared.H2Frames.FRAME_HEADER;
import static dev.loadlab.shared.H2Frames.GOAWAY;
import static dev.loadlab.shared.H2Frames.HEADERS;
import static dev.loadlab.shared.H2Frames.PING;
import static dev.loadlab.shared.H2Frames.RST_STREAM;
import static dev.loadlab.shared.H2Frames.SETTINGS;

import dev.loadlab.shared.H2Frames;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * An h2c client (prior knowledge) that never reads: it announces a stream receive window of 0, so the server may
 * send no byte of any answer body, and opens all its streams at once whatever the server's stream limit says.
 * It reads only frame headers, to count per stream what came back: the answer's HEADERS, a RST_STREAM (refused
 * at once past the limit, or reset later by the idle timeout), or nothing.
 */
final class H2cClient extends Peer {
    private static final int REFUSED_STREAM = 0x7;

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
        write(ByteBuffer.wrap(H2Frames.opening(path, streams.length)));
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
            write(ByteBuffer.wrap(H2Frames.frame(SETTINGS, 0x1, 0, new byte[0])));
        } else if (type == PING && (flags & 0x1) == 0) {
            byte[] payload = new byte[length];
            in.duplicate().get(payload);
            write(ByteBuffer.wrap(H2Frames.frame(PING, 0x1, 0, payload)));
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
}
