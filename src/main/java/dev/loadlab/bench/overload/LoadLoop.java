package dev.loadlab.bench.overload;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;

/**
 * Thousands of client connections on one thread: a selector plus timers (for clients that trickle). One thread
 * per connection would cost the driver more than the server it loads, and the driver's own pauses would show up
 * as the server's.
 */
final class LoadLoop implements AutoCloseable {
    private record Timer(long atNanos, long seq, Runnable task) {}

    /** Shared by every peer's reads: the loop is single-threaded and peers keep only what they parse. */
    final ByteBuffer readBuffer = ByteBuffer.allocateDirect(64 * 1024);

    private final Selector selector;
    private final InetSocketAddress server;
    private final List<Peer> peers = new ArrayList<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>(
            (a, b) -> a.atNanos != b.atNanos ? Long.compare(a.atNanos, b.atNanos) : Long.compare(a.seq, b.seq));
    private long timerSeq;

    LoadLoop(InetSocketAddress server) throws IOException {
        this.selector = Selector.open();
        this.server = server;
    }

    /** Starts a non-blocking connect; {@code receiveBuffer} > 0 shrinks the window offered to the server. */
    void connect(Peer peer, int receiveBuffer) {
        peers.add(peer);
        SocketChannel channel = null;
        try {
            channel = SocketChannel.open();
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            if (receiveBuffer > 0) {
                channel.setOption(StandardSocketOptions.SO_RCVBUF, receiveBuffer);
            }
            boolean now = channel.connect(server);
            peer.key = channel.register(selector, now ? SelectionKey.OP_READ : SelectionKey.OP_CONNECT, peer);
            if (now) {
                peer.connected();
            }
        } catch (IOException e) {
            closeQuietly(channel);
            peer.failed(e);
        }
    }

    /** Runs {@code task} on the loop's thread {@code delayMs} from now. */
    void after(long delayMs, Runnable task) {
        timers.add(new Timer(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMs), timerSeq++, task));
    }

    /** Serves the peers' events and timers for {@code ms}. */
    void runFor(long ms) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ms);
        while (true) {
            long now = System.nanoTime();
            while (!timers.isEmpty() && timers.peek().atNanos <= now) {
                timers.poll().task.run();
            }
            if (now >= deadline) {
                return;
            }
            long wakeAt = timers.isEmpty() ? deadline : Math.min(deadline, timers.peek().atNanos);
            selector.select(Math.max(1, TimeUnit.NANOSECONDS.toMillis(wakeAt - now)));
            for (SelectionKey key : selector.selectedKeys()) {
                handle(key);
            }
            selector.selectedKeys().clear();
        }
    }

    private static void handle(SelectionKey key) {
        Peer peer = (Peer) key.attachment();
        try {
            if (key.isValid() && key.isConnectable()) {
                ((SocketChannel) key.channel()).finishConnect();
                key.interestOps(SelectionKey.OP_READ);
                peer.connected();
            }
            if (key.isValid() && key.isReadable()) {
                peer.readable();
            }
            if (key.isValid() && key.isWritable()) {
                peer.writable();
            }
        } catch (IOException e) {
            peer.failed(e); // first: it may still read an answer the server sent before it closed
            closeQuietly(key.channel());
        }
    }

    /** After the load: peers that held back take what came, for {@code ms} at most (no new load is sent). */
    void settle(long ms) throws IOException {
        new ArrayList<>(peers).forEach(Peer::settle);
        runFor(ms);
    }

    /** The load stops: every peer records what it got, then every connection is closed at once. */
    void endAll() {
        peers.forEach(Peer::end);
        for (SelectionKey key : selector.keys()) {
            closeQuietly(key.channel());
        }
        timers.clear();
    }

    @Override
    public void close() throws IOException {
        endAll();
        selector.close();
    }

    static void closeQuietly(java.nio.channels.Channel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException ignored) {
            // closing what failed already
        }
    }
}
