package dev.loadlab.server;

import com.sun.management.OperatingSystemMXBean;
import java.io.BufferedReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.channels.SelectableChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.server.ConnectionMetaData;

/**
 * Server-side counters a report needs: requests by the protocol really spoken, responses by status
 * class, load shed, live TCP connections, CPU, heap and resident memory. LongAdders keep the hot path to one
 * uncontended add per counter.
 */
public final class ServerMetrics {

    /** The wire protocol of one request, as the server saw it (not as the client claimed it). */
    public enum Protocol {
        HTTP_1_1("http/1.1"),
        H2C("h2c"),
        H2("h2");

        final String label;

        Protocol(String label) {
            this.label = label;
        }

        static Protocol of(ConnectionMetaData connection) {
            if (connection.getHttpVersion() == HttpVersion.HTTP_2) {
                return connection.isSecure() ? H2 : H2C;
            }
            return HTTP_1_1;
        }
    }

    private static final Path PROC_STATUS = Path.of("/proc/self/status");

    private final long startedNanos = System.nanoTime();
    private volatile long startupMillis = -1;
    private volatile String gatewayUpstream = "";
    private final LongAdder[] requests = adders(Protocol.values().length);
    private final LongAdder[] responses = adders(6);
    private final LongAdder rejected = new LongAdder();
    private final LongAdder opened = new LongAdder();
    private final LongAdder closed = new LongAdder();

    /** Counts accepted and closed TCP connections (not the HTTP/2 or TLS layers stacked on them). */
    final SelectorManager.AcceptListener connectionCounter = new SelectorManager.AcceptListener() {
        @Override
        public void onAccepted(SelectableChannel channel) {
            opened.increment();
        }

        @Override
        public void onClosed(SelectableChannel channel) {
            closed.increment();
        }
    };

    void request(ConnectionMetaData connection) {
        requests[Protocol.of(connection).ordinal()].increment();
    }

    void response(int status) {
        responses[Math.min(status / 100, 5)].increment();
    }

    void rejected() {
        rejected.increment();
    }

    /** Where the gateway route forwards (http://host:port), so that a poller finds the upstream's own /metrics. */
    void gatewayUpstream(String baseUrl) {
        gatewayUpstream = baseUrl;
    }

    /** From JVM start to serving (JVM, certificate, database): this reference server's start-up, not a gateway's. */
    void startedUp() {
        startupMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    }

    public long requests(Protocol protocol) {
        return requests[protocol.ordinal()].sum();
    }

    /** Requests answered 503 past the in-flight limit (or while stopping). */
    public long shed() {
        return rejected.sum();
    }

    public long openConnections() {
        return opened.sum() - closed.sum();
    }

    /** The /metrics document. */
    String toJson() {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        StringBuilder json = new StringBuilder(512)
                .append("{\"uptimeMs\":")
                .append((System.nanoTime() - startedNanos) / 1_000_000)
                .append(",\"startupMs\":")
                .append(startupMillis)
                .append(",\"requests\":{");
        for (Protocol p : Protocol.values()) {
            json.append(p.ordinal() == 0 ? "" : ",")
                    .append('"')
                    .append(p.label)
                    .append("\":")
                    .append(requests(p));
        }
        return json.append("},\"responses\":{\"2xx\":")
                .append(responses[2].sum())
                .append(",\"3xx\":")
                .append(responses[3].sum())
                .append(",\"4xx\":")
                .append(responses[4].sum())
                .append(",\"5xx\":")
                .append(responses[5].sum())
                .append("},\"rejected\":")
                .append(rejected.sum())
                .append(",\"connections\":{\"open\":")
                .append(openConnections())
                .append(",\"opened\":")
                .append(opened.sum())
                .append("},\"cpu\":{\"processCpuNanos\":")
                .append(os.getProcessCpuTime())
                .append(",\"cores\":")
                .append(Runtime.getRuntime().availableProcessors())
                .append("},\"heap\":{\"usedBytes\":")
                .append(heap.getUsed())
                .append(",\"maxBytes\":")
                .append(heap.getMax())
                .append(",\"afterLastGcBytes\":")
                .append(heapAfterLastGc())
                .append("},\"memory\":{\"residentBytes\":")
                .append(residentBytes())
                .append("},\"gateway\":{\"upstream\":\"")
                .append(gatewayUpstream) // http://host:port, checked by ServerSettings: nothing to escape
                .append("\"}}")
                .toString();
    }

    /**
     * The process's resident memory (VmRSS), what a container's memory limit is held against: heap, metaspace,
     * threads' stacks, direct buffers and the JIT's code together; -1 where /proc is not there (not Linux).
     */
    static long residentBytes() {
        try (BufferedReader status = Files.newBufferedReader(PROC_STATUS)) {
            for (String line = status.readLine(); line != null; line = status.readLine()) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).trim().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** What the last collection of each heap pool left: the live heap, without the garbage not collected yet. */
    private static long heapAfterLastGc() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterGc = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            bytes += afterGc == null ? 0 : afterGc.getUsed();
        }
        return bytes;
    }

    private static LongAdder[] adders(int n) {
        LongAdder[] a = new LongAdder[n];
        for (int i = 0; i < n; i++) {
            a[i] = new LongAdder();
        }
        return a;
    }
}
