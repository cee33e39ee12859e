package dev.loadlab.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.loadlab.report.page.Templates;
import dev.loadlab.shared.ProcessEnd;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * The live page of a build that loads, on loopback, in a JVM of its own that the build starts before any load
 * (dev.loadlab.steps.control.LivePageUp) and that ends with the build's Maven JVM: {@code /} the page, {@code /events}
 * its figures once a second as server-sent events ({@link LiveState}), {@code /metrics} the same in OpenMetrics' text
 * format ({@link OpenMetrics}), {@code /state} one reading as JSON. It reads the build's files only, and sends nothing
 * anywhere: the page draws with the report's own Chart.js, inline. The build's gate ends it once the verdict is
 * written ({@link #end}), after a last reading; a build that stops before its gate ends it as Maven ends.
 *
 * <p>Usage: {@code LivePage <target/loadlab> <port, 0: a free one> <pid it ends with>}; it prints {@link #READY} and its
 * URL once it listens, or one line and exits 2 when the port is taken.
 */
public final class LivePage {
    /** What it prints once it listens, before its URL. */
    public static final String READY = "loadlab live page: ";

    /** Where LivePageUp notes the page's process, in target/loadlab, so that the build's gate can end it. */
    public static final String PID_FILE = "live-page.pid";

    static final long PUSH_MS = 1000;
    private static final long WATCH_MS = 500;
    /** How long the page waits, once told to end, for its open pages to get the last reading. */
    private static final long LAST_READING_MS = 300;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A page being served: its server, and the readings its open pages share. */
    record Running(HttpServer server, Readings readings) implements AutoCloseable {
        int port() {
            return server.getAddress().getPort();
        }

        @Override
        public void close() {
            readings.end();
            server.stop(0);
        }
    }

    private LivePage() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        long watched = Long.parseLong(args[2]);
        Running page;
        try {
            page = start(dir, port);
        } catch (BindException taken) {
            System.out.println("loadlab: -Dlive.port=" + port + " is not allowed: 127.0.0.1:" + port
                    + " is in use; expected a free port, or 0 for any");
            System.exit(2);
            return;
        }
        System.out.println(READY + "http://127.0.0.1:" + page.port() + "/");
        System.out.flush();
        // told to end (the gate's verdict is written, or the build stopped): the open pages get a last reading
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            page.readings().end();
                            try {
                                Thread.sleep(LAST_READING_MS);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        },
                        "loadlab-live-page-end"));
        // the build's Maven JVM: when it ends, so does the page (a build that failed before its gate too)
        while (ProcessHandle.of(watched).map(ProcessHandle::isAlive).orElse(false)) {
            Thread.sleep(WATCH_MS);
        }
        System.exit(0);
    }

    /** The page's server on 127.0.0.1:port (0: a free port), serving from its own daemon threads. */
    static Running start(Path loadlabDir, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        LiveState state = LiveState.page(loadlabDir);
        Readings shared = new Readings(state);
        String page = Templates.live("loadlab: the build as it loads");
        server.createContext("/", ex -> {
            if (ex.getRequestURI().getPath().equals("/")) {
                send(ex, "text/html; charset=utf-8", page);
            } else {
                send(
                        ex,
                        404,
                        "text/plain; charset=utf-8",
                        "no such page: " + ex.getRequestURI().getPath() + "\n");
            }
        });
        server.createContext("/state", ex -> send(ex, "application/json", JSON.writeValueAsString(state.now())));
        server.createContext("/metrics", ex -> send(ex, OpenMetrics.CONTENT_TYPE, OpenMetrics.of(state.rows())));
        server.createContext("/events", ex -> events(ex, shared));
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "loadlab-live-page");
            t.setDaemon(true);
            return t;
        }));
        server.start();
        shared.start();
        return new Running(server, shared);
    }

    /** Server-sent events: each reading as it is taken, until the page is closed or the last one is sent. */
    private static void events(HttpExchange ex, Readings readings) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.sendResponseHeaders(200, 0);
        try (OutputStream out = ex.getResponseBody()) {
            long sent = 0;
            while (true) {
                Readings.Reading r = readings.after(sent);
                out.write(("data: " + r.json() + "\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                sent = r.number();
                if (r.last()) {
                    return;
                }
            }
        } catch (IOException closed) {
            // the page went away
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The build's end, from its gate once the verdict is written: the page of {@code loadlabDir}'s build pushes its
     * last reading to the open pages and ends, before Maven does. Nothing where no page runs.
     */
    public static void end(Path loadlabDir) {
        Path pidFile = loadlabDir.resolve(PID_FILE);
        try {
            if (!Files.isRegularFile(pidFile)) {
                return;
            }
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            Files.delete(pidFile);
            Optional<ProcessHandle> page = ProcessHandle.of(pid)
                    .filter(p -> p.info()
                            .arguments()
                            .map(a -> List.of(a).contains(LivePage.class.getName()))
                            .orElse(false));
            if (page.isPresent()) {
                page.get().destroy();
                if (!ProcessEnd.await(page.get(), 2)) {
                    System.out.println("loadlab: the live page did not end with the gate; it ends with Maven");
                }
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("loadlab: the live page did not end with the gate (" + e + "); it ends with Maven");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void send(HttpExchange ex, String type, String body) throws IOException {
        send(ex, 200, type, body);
    }

    private static void send(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }
}
