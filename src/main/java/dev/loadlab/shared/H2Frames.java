package dev.loadlab.shared;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/2 frames written by hand, for clients that must see exactly what a server sends back: the overload bench's
 * h2c client and the server tests' raw h2 client ({@link #opening}: the connection preface, SETTINGS with a stream
 * receive window of 0, so the server may send no byte of any answer body, and {@code streams} GET streams at once,
 * whatever the server's stream limit says), and the build's wire probe ({@link #request}: one plain GET).
 */
public final class H2Frames {
    public static final int HEADERS = 0x1;
    public static final int RST_STREAM = 0x3;
    public static final int SETTINGS = 0x4;
    public static final int PING = 0x6;
    public static final int GOAWAY = 0x7;
    public static final int FRAME_HEADER = 9;

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
    private static final int END_STREAM_AND_HEADERS = 0x5;

    private H2Frames() {}

    /** Preface, a zero receive window and {@code streams} GETs of {@code path} (streams 1, 3, 5, ...). */
    public static byte[] opening(String path, int streams) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(PREFACE);
        frame(out, SETTINGS, 0, 0, new byte[] {0, SETTINGS_INITIAL_WINDOW_SIZE, 0, 0, 0, 0});
        byte[] block = headerBlock("http", "127.0.0.1", path);
        for (int i = 0; i < streams; i++) {
            frame(out, HEADERS, END_STREAM_AND_HEADERS, 1 + 2 * i, block);
        }
        return out.toByteArray();
    }

    /** Preface, SETTINGS of the protocol's defaults and one GET of {@code path} on stream 1. */
    public static byte[] request(String scheme, String authority, String path) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(PREFACE);
        frame(out, SETTINGS, 0, 0, new byte[0]);
        frame(out, HEADERS, END_STREAM_AND_HEADERS, 1, headerBlock(scheme, authority, path));
        return out.toByteArray();
    }

    /** One frame: 9 bytes of header (length, type, flags, stream) and the payload. */
    public static byte[] frame(int type, int flags, int stream, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        frame(out, type, flags, stream, payload);
        return out.toByteArray();
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

    /** HPACK without Huffman: :method GET and :scheme indexed, :path and :authority as literals. */
    private static byte[] headerBlock(String scheme, String authority, String path) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(0x82);
        b.write(scheme.equals("https") ? 0x87 : 0x86);
        literal(b, 0x04, path);
        literal(b, 0x01, authority);
        return b.toByteArray();
    }

    private static void literal(ByteArrayOutputStream b, int nameIndex, String value) {
        byte[] v = value.getBytes(StandardCharsets.UTF_8);
        b.write(nameIndex); // literal header field without indexing, name from the static table
        length(b, v.length);
        b.writeBytes(v);
    }

    /** An HPACK integer with a 7-bit prefix (RFC 7541, 5.1): a string's length, Huffman bit clear. */
    private static void length(ByteArrayOutputStream b, int n) {
        if (n < 0x7f) {
            b.write(n);
            return;
        }
        b.write(0x7f);
        for (n -= 0x7f; n >= 0x80; n >>>= 7) {
            b.write((n & 0x7f) | 0x80);
        }
        b.write(n);
    }
}
