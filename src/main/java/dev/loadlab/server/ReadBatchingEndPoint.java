package dev.loadlab.server;

import java.io.IOException;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.util.Callback;

/**
 * The endpoint an HTTP/2 connection reads and writes through. A write made by the thread that is parsing
 * the bytes of one read is held until that thread asks for more bytes; meanwhile the connection queues the
 * frames of the other answers to that read behind it, and they leave together in the next write. So the
 * answers to the streams of one read take about two writes (over TLS two records), not one each: nginx
 * does the same, and one write per answer cost Jetty about half its CPU in the kernel here.
 *
 * <p>Writes from any other thread (an answer completed later, a gateway reply) go out at once. The parsing
 * thread reads again, or asks to be woken for more bytes, right after the frames of one read, and either
 * sends the held write; so do shutting the output and closing, for a connection that stops parsing.
 */
final class ReadBatchingEndPoint implements EndPoint, EndPoint.Wrapper {
    private record Held(Callback callback, ByteBuffer[] buffers) {}

    private final EndPoint endPoint;
    /** The thread parsing what the last fill returned; null between reads. */
    private volatile Thread parsing;

    private final AtomicReference<Held> held = new AtomicReference<>();

    ReadBatchingEndPoint(EndPoint endPoint) {
        this.endPoint = endPoint;
    }

    @Override
    public int fill(ByteBuffer buffer) throws IOException {
        doneParsing();
        int filled = endPoint.fill(buffer);
        if (filled > 0) {
            parsing = Thread.currentThread();
        }
        return filled;
    }

    @Override
    public void write(Callback callback, ByteBuffer... buffers) {
        if (parsing != Thread.currentThread() || !held.compareAndSet(null, new Held(callback, buffers))) {
            endPoint.write(callback, buffers);
        }
    }

    /** The last read is parsed: its held write goes out, and the writes that one sets off go straight out. */
    private void doneParsing() {
        parsing = null;
        release();
    }

    private void release() {
        Held write = held.getAndSet(null);
        if (write != null) {
            endPoint.write(write.callback, write.buffers);
        }
    }

    @Override
    public boolean flush(ByteBuffer... buffers) throws IOException {
        release();
        return endPoint.flush(buffers);
    }

    @Override
    public Callback cancelWrite(Throwable cause) {
        Held write = held.getAndSet(null);
        return write != null ? write.callback : endPoint.cancelWrite(cause);
    }

    @Override
    public void shutdownOutput() {
        release();
        endPoint.shutdownOutput();
    }

    @Override
    public void close(Throwable cause) {
        release();
        endPoint.close(cause);
    }

    @Override
    public void fillInterested(Callback callback) {
        doneParsing();
        endPoint.fillInterested(callback);
    }

    @Override
    public boolean tryFillInterested(Callback callback) {
        doneParsing();
        return endPoint.tryFillInterested(callback);
    }

    @Override
    public EndPoint unwrap() {
        return endPoint;
    }

    // The rest is the wrapped endpoint's.

    @Override
    public SocketAddress getLocalSocketAddress() {
        return endPoint.getLocalSocketAddress();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return endPoint.getRemoteSocketAddress();
    }

    @Override
    public boolean isOpen() {
        return endPoint.isOpen();
    }

    @Override
    public long getCreatedTimeStamp() {
        return endPoint.getCreatedTimeStamp();
    }

    @Override
    public boolean isOutputShutdown() {
        return endPoint.isOutputShutdown();
    }

    @Override
    public boolean isInputShutdown() {
        return endPoint.isInputShutdown();
    }

    @Override
    public Object getTransport() {
        return endPoint.getTransport();
    }

    @Override
    public long getIdleTimeout() {
        return endPoint.getIdleTimeout();
    }

    @Override
    public void setIdleTimeout(long idleTimeout) {
        endPoint.setIdleTimeout(idleTimeout);
    }

    @Override
    public boolean isFillInterested() {
        return endPoint.isFillInterested();
    }

    @Override
    public Connection getConnection() {
        return endPoint.getConnection();
    }

    @Override
    public void setConnection(Connection connection) {
        endPoint.setConnection(connection);
    }

    @Override
    public void onOpen() {
        endPoint.onOpen();
    }

    @Override
    public void onClose(Throwable cause) {
        endPoint.onClose(cause);
    }

    @Override
    public void upgrade(Connection connection) {
        endPoint.upgrade(connection);
    }

    @Override
    public SslSessionData getSslSessionData() {
        return endPoint.getSslSessionData();
    }

    @Override
    public boolean isSecure() {
        return endPoint.isSecure();
    }
}
