package dev.loadlab.steps.control;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/** The JDK's own HTTP server as a target that is not ours: HTTP/1.1 only, on a free loopback port. */
final class JdkTargets {
    private JdkTargets() {}

    /** Bound, not yet started: the test adds its routes first. */
    static HttpServer onLoopback() throws IOException {
        return HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    }

    static String url(HttpServer target) {
        return "http://127.0.0.1:" + target.getAddress().getPort();
    }

    /** Answers {@code status} with {@code body} in UTF-8 and ends the exchange. */
    static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }
}
