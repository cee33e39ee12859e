package dev.loadlab.server;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A network's round trip on loopback: a port that relays every connection to one of the server's own ports, holding
 * each chunk of bytes half the round-trip time in each direction before it passes it on. The kernel completes the TCP
 * handshake before any accept, so the relay charges it instead: what a client sends on a new connection reaches the
 * server no sooner than one round trip after the connection opened, as if its first bytes had waited for the SYN-ACK.
 * A new connection's TLS 1.3 handshake then costs two round trips (ab counts them in Connect), each request and its
 * answer one more. Over cleartext the client's connect returns at once and the handshake's round trip falls into its
 * first exchange (ab's Processing): the total is a network's, the split is not. Bytes pass unchanged, so TLS, ALPN
 * and h2 are the server's own. Each connection has two threads per direction: one reads, the other writes each chunk
 * when it is due, in order, so that a chunk's delay never adds to the next one's.
 */
final class DelayRelay implements Closeable {
    private static final int CHUNK = 16 * 1024;
    private static final byte[] END = new byte[0];

    private final ServerSocket listening;
    private final int targetPort;
    private final long halfRttNanos;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    /** Listens on a free loopback port and relays to {@code targetPort} on loopback. */
    DelayRelay(int targetPort, int rttMs) throws IOException {
        this.listening = new ServerSocket(0, 512, InetAddress.getLoopbackAddress());
        this.targetPort = targetPort;
        this.halfRttNanos = TimeUnit.MILLISECONDS.toNanos(rttMs) / 2;
        this.acceptor = daemon("loadlab-rtt-accept-" + port(), this::acceptLoop);
        acceptor.start();
    }

    int port() {
        return listening.getLocalPort();
    }

    /** The port the tools reach {@code port} by: itself without a round trip, else a new relay's, added to {@code relays}. */
    static int portFor(List<DelayRelay> relays, int port, int rttMs) throws IOException {
        if (rttMs == 0) {
            return port;
        }
        DelayRelay relay = new DelayRelay(port, rttMs);
        relays.add(relay);
        return relay.port();
    }

    static void closeAll(List<DelayRelay> relays) {
        for (DelayRelay relay : relays) {
            try {
                relay.close();
            } catch (IOException e) {
                System.err.println("loadlab server: closing a relay failed: " + e);
            }
        }
    }

    private void acceptLoop() {
        while (!listening.isClosed()) {
            try {
                Socket client = listening.accept();
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort));
                for (Socket s : new Socket[] {client, server}) {
                    s.setTcpNoDelay(true);
                    open.add(s);
                }
                // the client's first bytes wait out the handshake's round trip; the server's answers cannot come sooner
                pipe(client, server, System.nanoTime() + 2 * halfRttNanos);
                pipe(server, client, 0);
            } catch (IOException e) {
                if (!listening.isClosed()) {
                    System.err.println("loadlab server: rtt relay to port " + targetPort + ": " + e);
                }
            }
        }
    }

    /**
     * One direction: what {@code from} sends reaches {@code to} half a round trip later, and not before half a round
     * trip after {@code notBeforeNanos}; an end closes both.
     */
    private void pipe(Socket from, Socket to, long notBeforeNanos) throws IOException {
        InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream();
        BlockingQueue<Object[]> due = new LinkedBlockingQueue<>();
        daemon("loadlab-rtt-read", () -> {
                    byte[] buffer = new byte[CHUNK];
                    try {
                        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                            long sent = Math.max(System.nanoTime(), notBeforeNanos);
                            due.add(new Object[] {sent + halfRttNanos, Arrays.copyOf(buffer, n)});
                        }
                    } catch (IOException closed) {
                        // the other direction or close() ended the connection
                    }
                    due.add(new Object[] {System.nanoTime() + halfRttNanos, END});
                })
                .start();
        daemon("loadlab-rtt-write", () -> {
                    try {
                        while (true) {
                            Object[] chunk = due.take();
                            long wait = (long) chunk[0] - System.nanoTime();
                            if (wait > 0) {
                                TimeUnit.NANOSECONDS.sleep(wait);
                            }
                            byte[] bytes = (byte[]) chunk[1];
                            if (bytes == END) {
                                to.shutdownOutput(); // half-close, as the sender did; the reply may still come back
                                return;
                            }
                            out.write(bytes);
                            out.flush();
                        }
                    } catch (IOException | InterruptedException e) {
                        closeQuietly(from);
                        closeQuietly(to);
                    } finally {
                        if (from.isInputShutdown() || to.isOutputShutdown()) {
                            closeWhenBothEnded(from, to);
                        }
                    }
                })
                .start();
    }

    /** A connection is over once both of its directions have ended. */
    private void closeWhenBothEnded(Socket a, Socket b) {
        if ((a.isOutputShutdown() || a.isClosed()) && (b.isOutputShutdown() || b.isClosed())) {
            closeQuietly(a);
            closeQuietly(b);
        }
    }

    private void closeQuietly(Socket s) {
        open.remove(s);
        try {
            s.close();
        } catch (IOException ignored) {
            // closing
        }
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() throws IOException {
        listening.close();
        open.forEach(this::closeQuietly);
    }
}
