package dev.loadlab.server;

import dev.loadlab.bench.overload.Http1Text;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * HTTP/1.1 over a bare socket, for clients a real tool would never be: one that trickles its request, one that
 * never reads its answer, one of thousands of connections held open.
 */
final class RawHttp {
    /** What a client got: a status code, or how the connection ended without one. */
    static final String CLOSED = "closed";

    static final String RESET = "reset";
    static final String NO_ANSWER = "no answer";

    private RawHttp() {}

    /** A connection to {@code base}'s host and port; {@code receiveBuffer} > 0 shrinks what the kernel reads for us. */
    static Socket connect(URI base, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer); // before connect, so the window offered is small too
        }
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 10_000);
        return socket;
    }

    static String get(String path) {
        return Http1Text.get(path);
    }

    static String postHead(String path, long contentLength) {
        return Http1Text.postHead(path, contentLength);
    }

    static void send(Socket socket, String text) throws IOException {
        send(socket, text.getBytes(StandardCharsets.US_ASCII));
    }

    static void send(Socket socket, byte[] bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** The response head (status line and headers), or {@link #CLOSED}, {@link #RESET}, {@link #NO_ANSWER}. */
    static String head(Socket socket, int timeoutMs) {
        try {
            socket.setSoTimeout(timeoutMs);
            String head = Http1Text.head(socket.getInputStream());
            return head.isEmpty() ? CLOSED : head;
        } catch (SocketTimeoutException e) {
            return NO_ANSWER;
        } catch (IOException e) {
            return RESET;
        }
    }

    /** The status code of a response head as text ("503"), or the head itself when the connection gave none. */
    static String status(String head) {
        return head.startsWith("HTTP/1.1 ") && head.length() >= 12 ? head.substring(9, 12) : head;
    }

    /** True once the server has closed the connection: a read sees the end (or a reset) within the timeout. */
    static boolean closedByServer(Socket socket, int timeoutMs) {
        try {
            socket.setSoTimeout(timeoutMs);
            InputStream in = socket.getInputStream();
            byte[] sink = new byte[8192];
            while (in.read(sink) >= 0) {
                // drain what was sent before the close
            }
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // going away anyway
        }
    }
}
