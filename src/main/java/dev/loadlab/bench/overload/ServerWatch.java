package dev.loadlab.bench.overload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * The server as a client sees it, apart from the load: its heap from /metrics, sampled every 50 ms on one
 * connection opened before the load (a new one could wait in the accept queue behind the load's), and how long
 * after the load a plain GET on a fresh connection is answered 200 again.
 */
final class ServerWatch implements AutoCloseable {
    private static final long MIB = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What one /metrics answer said. */
    record Sample(long usedBytes, long liveBytes, long openConnections) {}

    private final InetSocketAddress server;
    private final long serverPid;
    private final Thread sampler;
    private volatile boolean running = true;
    private volatile Sample last = new Sample(0, 0, 0);
    private volatile long peakUsed;
    private volatile long peakLive;
    private Socket metrics;

    ServerWatch(InetSocketAddress server, long serverPid) throws IOException {
        this.server = server;
        this.serverPid = serverPid;
        this.metrics = open();
        last = read();
        this.sampler = new Thread(this::sample, "overload-heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    private void sample() {
        while (running) {
            try {
                Sample s = read();
                last = s;
                peakUsed = Math.max(peakUsed, s.usedBytes);
                peakLive = Math.max(peakLive, s.liveBytes);
                Thread.sleep(50);
            } catch (InterruptedException stop) {
                return;
            } catch (IOException e) {
                reopen(); // the server's idle timeout, or a reset: sample on a new connection
            }
        }
    }

    private synchronized Sample read() throws IOException {
        Http1.send(metrics, "/metrics");
        JsonNode m = JSON.readTree(Http1.body(metrics.getInputStream()));
        return new Sample(
                m.path("heap").path("usedBytes").asLong(),
                m.path("heap").path("afterLastGcBytes").asLong(),
                m.path("connections").path("open").asLong());
    }

    private synchronized void reopen() {
        try {
            metrics.close();
            metrics = open();
        } catch (IOException e) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException stop) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private Socket open() throws IOException {
        Socket s = new Socket();
        s.connect(server, 5_000);
        s.setSoTimeout(10_000);
        return s;
    }

    /** TCP connections the server holds now (its own count, from the last sample), ours included. */
    long openConnections() {
        return last.openConnections;
    }

    /** Forgets the peaks, so the next ones are one scenario's. */
    void resetPeaks() {
        peakUsed = last.usedBytes;
        peakLive = last.liveBytes;
    }

    long peakUsedMib() {
        return peakUsed / MIB;
    }

    long peakLiveMib() {
        return peakLive / MIB;
    }

    /**
     * Milliseconds from {@code sinceNanos} until {@code path} on a fresh connection is answered 200, or -1 after
     * {@code giveUpMs}. Each try waits up to 5 s, as a patient client would: one stuck in the accept queue is
     * answered when the server gets to it, and the figure is not rounded up to a retry.
     */
    long firstOk(String path, long sinceNanos, long giveUpMs) {
        long deadline = sinceNanos + TimeUnit.MILLISECONDS.toNanos(giveUpMs);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(server, 5_000);
                s.setSoTimeout(5_000);
                Http1.send(s, path);
                if (Http1.status(s.getInputStream()) == 200) {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
                }
            } catch (IOException notYet) {
                // refused, reset or timed out: try again
            }
            pause(10);
        }
        return -1;
    }

    /** Milliseconds from {@code sinceNanos} until the server holds no connection but ours, or -1 after giveUpMs. */
    long drained(long sinceNanos, long giveUpMs) {
        long deadline = sinceNanos + TimeUnit.MILLISECONDS.toNanos(giveUpMs);
        while (System.nanoTime() < deadline) {
            if (last.openConnections <= 1) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNanos);
            }
            pause(20);
        }
        return -1;
    }

    /**
     * The server's live heap in MiB after a full collection (jcmd GC.run): what it still holds, without the
     * garbage a quiet server may not collect for minutes.
     */
    long liveAfterGcMib() throws IOException, InterruptedException {
        Process gc = new ProcessBuilder("jcmd", Long.toString(serverPid), "GC.run")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (!gc.waitFor(30, TimeUnit.SECONDS) || gc.exitValue() != 0) {
            throw new IOException("jcmd " + serverPid + " GC.run failed");
        }
        pause(200); // the sampler's next answer comes after the collection
        return read().liveBytes / MIB;
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        running = false;
        sampler.interrupt();
        metrics.close();
    }

    /** Just enough HTTP/1.1 for the watch: a GET, a status, a body by Content-Length. */
    static final class Http1 {
        private Http1() {}

        static void send(Socket s, String path) throws IOException {
            s.getOutputStream().write(Http1Text.get(path).getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
        }

        static int status(InputStream in) throws IOException {
            String head = head(in);
            return head.startsWith("HTTP/1.1 ") ? Integer.parseInt(head.substring(9, 12)) : -1;
        }

        static byte[] body(InputStream in) throws IOException {
            String head = head(in);
            int length = -1;
            for (String line : head.split("\r\n")) {
                if (line.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            if (!head.startsWith("HTTP/1.1 200") || length < 0) {
                throw new IOException("unexpected /metrics answer: "
                        + head.lines().findFirst().orElse(head));
            }
            return in.readNBytes(length);
        }

        private static String head(InputStream in) throws IOException {
            String head = Http1Text.head(in);
            if (!Http1Text.whole(head)) {
                throw new IOException("connection closed before an answer");
            }
            return head;
        }
    }
}
