package dev.loadlab.bench.overload;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * What a client sends and how: {@code head} at once, then {@code bodyLength} bytes of {@code body} (cycled),
 * all at once or {@code piece} bytes every {@code everyMs} (with {@code trickleHead}, header lines forever).
 */
record Http1Request(
        byte[] head,
        ByteBuffer body,
        long bodyLength,
        int piece,
        long everyMs,
        boolean trickleHead,
        long neverReadAnswer,
        boolean repeat,
        boolean keepOpen,
        int receiveBuffer) {
    static Http1Request of(String head) {
        return new Http1Request(ascii(head), null, 0, 0, 0, false, 0, false, false, 0);
    }

    Http1Request body(ByteBuffer source, long length) {
        return new Http1Request(
                head, source, length, piece, everyMs, trickleHead, neverReadAnswer, repeat, keepOpen, receiveBuffer);
    }

    Http1Request trickle(int bytes, long ms, boolean headerLines) {
        return new Http1Request(
                head, body, bodyLength, bytes, ms, headerLines, neverReadAnswer, repeat, keepOpen, receiveBuffer);
    }

    /** A client that reads nothing of its answer (of {@code answerBytes}) until the load stops. */
    Http1Request neverRead(int kernelReceiveBuffer, long answerBytes) {
        return new Http1Request(
                head,
                body,
                bodyLength,
                piece,
                everyMs,
                trickleHead,
                answerBytes,
                repeat,
                keepOpen,
                kernelReceiveBuffer);
    }

    boolean neverRead() {
        return neverReadAnswer > 0;
    }

    Http1Request repeated() {
        return new Http1Request(
                head, body, bodyLength, piece, everyMs, trickleHead, neverReadAnswer, true, keepOpen, receiveBuffer);
    }

    /** After its answer the client keeps its connection, as a keep-alive client would, until the load stops. */
    Http1Request keptOpen() {
        return new Http1Request(
                head, body, bodyLength, piece, everyMs, trickleHead, neverReadAnswer, repeat, true, receiveBuffer);
    }

    /** Requests and the headers a trickling client adds are ASCII. */
    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
