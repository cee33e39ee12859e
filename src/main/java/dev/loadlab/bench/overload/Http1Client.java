package dev.loadlab.bench.overload;

import java.io.IOException;
import java.net.ConnectException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 client on a bare connection, the kind a real tool would never be: it sends its request whole, or
 * trickles it a piece at a time, and reads only the status of the answer (or never reads at all). With
 * {@link Http1Request#repeat} it sends its request again on a new connection after each answer until the load
 * stops; with {@link Http1Request#keepOpen} it keeps its connection after the answer.
 */
final class Http1Client extends Peer {
    /** "HTTP/1.1 503": all of the answer this client keeps. */
    private static final int STATUS_LINE_PREFIX = 12;

    private static final byte[] HEADER_LINE = Http1Request.ascii("X-Trickle: y\r\n");

    private final LoadLoop loop;
    private final Http1Request request;
    private final Tally tally;

    private boolean connectedOnce;
    private boolean recorded;
    private boolean ended;
    private ByteBuffer head;
    private long bodyLeft;
    private ByteBuffer pending; // bytes the kernel did not take yet
    private final byte[] status = new byte[STATUS_LINE_PREFIX];
    private int statusBytes;
    private boolean settling;
    private long received;

    private Http1Client(LoadLoop loop, Http1Request request, Tally tally) {
        this.loop = loop;
        this.request = request;
        this.tally = tally;
    }

    static void start(LoadLoop loop, Http1Request request, Tally tally) {
        loop.connect(new Http1Client(loop, request, tally), request.receiveBuffer());
    }

    @Override
    void connected() throws IOException {
        connectedOnce = true;
        head = ByteBuffer.wrap(request.head());
        bodyLeft = request.bodyLength();
        interest(request.neverRead() ? 0 : SelectionKey.OP_READ);
        if (request.piece() > 0) {
            send(head);
            if (!request.trickleHead()) {
                send(nextBody(request.piece())); // the first piece at once: the server sees a body begin
            }
            loop.after(request.everyMs(), this::trickle);
        } else {
            pump();
        }
    }

    private void trickle() {
        if (ended || recorded || !key.isValid()) {
            return;
        }
        try {
            if (request.trickleHead()) {
                send(ByteBuffer.wrap(HEADER_LINE));
            } else if (bodyLeft > 0) {
                send(nextBody(request.piece()));
            }
            loop.after(request.everyMs(), this::trickle);
        } catch (IOException e) {
            failed(e);
        }
    }

    /** Writes what is left at full speed until the kernel's buffer is full, then waits for OP_WRITE. */
    private void pump() throws IOException {
        SocketChannel channel = (SocketChannel) key.channel();
        while (true) {
            if (pending == null || !pending.hasRemaining()) {
                pending = head.hasRemaining() ? head : (bodyLeft > 0 ? nextBody(64 * 1024) : null);
            }
            if (pending == null) {
                interest(request.neverRead() ? 0 : SelectionKey.OP_READ);
                return;
            }
            channel.write(pending);
            if (pending.hasRemaining()) {
                interest((request.neverRead() ? 0 : SelectionKey.OP_READ) | SelectionKey.OP_WRITE);
                return;
            }
        }
    }

    /** A trickled piece: small, so the kernel always takes it whole (or the connection failed). */
    private void send(ByteBuffer piece) throws IOException {
        ((SocketChannel) key.channel()).write(piece);
    }

    private ByteBuffer nextBody(int max) {
        int n = (int) Math.min(max, bodyLeft);
        ByteBuffer source = request.body();
        long offset = (request.bodyLength() - bodyLeft) % source.capacity();
        ByteBuffer slice = source.duplicate();
        slice.position((int) offset).limit((int) Math.min(source.capacity(), offset + n));
        bodyLeft -= slice.remaining();
        return slice;
    }

    @Override
    void writable() throws IOException {
        pump();
    }

    /**
     * The load is over: a client that never read now takes what the server handed its kernel, to tell an answer
     * the server wrote whole from one it gave up on (closed before the end: cut off).
     */
    @Override
    void settle() {
        if (request.neverRead() && connectedOnce && !recorded && key.isValid()) {
            settling = true;
            interest(SelectionKey.OP_READ);
        }
    }

    @Override
    void readable() throws IOException {
        SocketChannel channel = (SocketChannel) key.channel();
        ByteBuffer buffer = loop.readBuffer;
        buffer.clear();
        int n = channel.read(buffer);
        if (settling) {
            settleRead(n, buffer);
            return;
        }
        if (n < 0) {
            finish(statusBytes == STATUS_LINE_PREFIX ? statusText() : Tally.CLOSED);
            return;
        }
        buffer.flip();
        keepStatus(buffer);
        if (statusBytes == STATUS_LINE_PREFIX) {
            finish(statusText());
        }
    }

    private void settleRead(int n, ByteBuffer buffer) {
        if (n < 0) {
            finish(neverReadStatus() + ", cut off");
            return;
        }
        buffer.flip();
        keepStatus(buffer);
        received += n;
        if (statusBytes == STATUS_LINE_PREFIX && !statusText().equals("200")) {
            finish(statusText());
        } else if (received >= request.neverReadAnswer()) {
            finish(neverReadStatus() + ", whole answer");
        }
    }

    private String neverReadStatus() {
        return statusBytes == STATUS_LINE_PREFIX ? statusText() : "nothing";
    }

    private void keepStatus(ByteBuffer buffer) {
        while (statusBytes < STATUS_LINE_PREFIX && buffer.hasRemaining()) {
            status[statusBytes++] = buffer.get();
        }
    }

    private String statusText() {
        String line = new String(status, 0, statusBytes, StandardCharsets.US_ASCII);
        return line.startsWith("HTTP/1.1 ") && statusBytes == STATUS_LINE_PREFIX ? line.substring(9, 12) : "malformed";
    }

    /** Records one answer; a repeating client goes again on a fresh connection while the load lasts. */
    private void finish(String kind) {
        tally.add(kind);
        recorded = true;
        if (request.keepOpen() && kind.length() == 3) { // a status: the connection still counts against the server
            interest(0);
            return;
        }
        LoadLoop.closeQuietly(key.channel());
        if (request.repeat() && !ended) {
            start(loop, request, tally);
        }
    }

    @Override
    void failed(IOException e) {
        if (recorded) {
            return;
        }
        if (!connectedOnce) {
            tally.add(e instanceof ConnectException ? Tally.REFUSED : "connect failed");
            recorded = true;
            return;
        }
        if (settling) {
            finish(neverReadStatus() + ", cut off"); // reset
            return;
        }
        // the server may have answered (503, 413) and closed while this client was still sending its body
        finish(drainedStatus() != null ? statusText() : Tally.RESET);
    }

    /** What the kernel already holds for this connection, read without waiting: a status, or null. */
    private String drainedStatus() {
        try {
            SocketChannel channel = (SocketChannel) key.channel();
            if (!channel.isOpen()) {
                return statusBytes == STATUS_LINE_PREFIX ? statusText() : null;
            }
            ByteBuffer buffer = loop.readBuffer;
            buffer.clear();
            if (channel.read(buffer) > 0) {
                buffer.flip();
                keepStatus(buffer);
            }
        } catch (IOException gone) {
            // nothing more to read
        }
        return statusBytes == STATUS_LINE_PREFIX ? statusText() : null;
    }

    @Override
    void end() {
        ended = true;
        if (recorded) {
            return;
        }
        recorded = true;
        if (!connectedOnce) {
            tally.add(Tally.CONNECT_PENDING);
        } else if (request.neverRead()) {
            tally.add(neverReadOutcome());
        } else {
            tally.add(Tally.NO_ANSWER);
        }
    }

    /** A client that never read, whose answer neither came whole nor ended while the load settled. */
    private String neverReadOutcome() {
        return neverReadStatus() + (settling ? ", still open" : ", not settled");
    }
}
