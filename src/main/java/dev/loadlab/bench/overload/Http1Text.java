package dev.loadlab.bench.overload;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** HTTP/1.1 as text over a bare socket, for clients no real tool would be: the requests and an answer's head. */
public final class Http1Text {
    private static final String END_OF_HEAD = "\r\n\r\n";

    private Http1Text() {}

    public static String get(String path) {
        return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1" + END_OF_HEAD;
    }

    /** A JSON POST's head; its body of {@code length} bytes follows it on the wire. */
    public static String postHead(String path, long length) {
        return "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + length + END_OF_HEAD;
    }

    /**
     * The answer's head (status line and headers, up to its blank line), read a byte at a time so that the body stays
     * in the stream; where the connection ends first, what came before the end (empty: nothing came).
     */
    public static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        for (int b; (b = in.read()) >= 0; ) {
            head.write(b);
            matched = b == END_OF_HEAD.charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == END_OF_HEAD.length()) {
                break;
            }
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    /** Whether a head read by {@link #head} is whole: the connection did not end inside it. */
    public static boolean whole(String head) {
        return head.endsWith(END_OF_HEAD);
    }
}
