package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.ByteArrayEndPoint;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.FutureCallback;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** When a write is held and when it goes out, on Jetty's in-memory endpoint. */
class ReadBatchingEndPointTest {
    private ByteArrayEndPoint wire;
    private ReadBatchingEndPoint endPoint;

    @BeforeEach
    void open() {
        wire = new ByteArrayEndPoint();
        endPoint = new ReadBatchingEndPoint(wire);
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    /** Reads what the client sent, as the connection's parser would: afterwards this thread is parsing. */
    private int read() throws Exception {
        ByteBuffer buffer = BufferUtil.allocate(64);
        return endPoint.fill(buffer);
    }

    @Test
    void shouldWriteAtOnceWhenNoReadIsBeingParsed() {
        FutureCallback written = new FutureCallback();
        endPoint.write(written, bytes("settings"));
        assertEquals("settings", wire.takeOutputString());
        assertTrue(written.isDone());
    }

    @Test
    void shouldHoldTheParsingThreadsWriteUntilItReadsAgain() throws Exception {
        wire.addInput("two requests");
        assertEquals(12, read());
        FutureCallback first = new FutureCallback();
        endPoint.write(first, bytes("answer 1"));
        assertEquals("", wire.takeOutputString());
        assertFalse(first.isDone());

        assertEquals(0, read()); // nothing more to read: the held answer leaves
        assertEquals("answer 1", wire.takeOutputString());
        assertTrue(first.isDone());

        FutureCallback second = new FutureCallback();
        endPoint.write(second, bytes("answer 2")); // no longer parsing: straight out
        assertEquals("answer 2", wire.takeOutputString());
        assertTrue(second.isDone());
    }

    @Test
    void shouldNotHoldAWriteFromAnotherThreadWhileOneParses() throws Exception {
        wire.addInput("request");
        read();
        FutureCallback fromElsewhere = new FutureCallback();
        CompletableFuture.runAsync(() -> endPoint.write(fromElsewhere, bytes("late answer")))
                .get(5, TimeUnit.SECONDS);
        assertEquals("late answer", wire.takeOutputString());
        assertTrue(fromElsewhere.isDone());
    }

    @Test
    void shouldSendAHeldWriteBeforeShuttingOutputOrClosing() throws Exception {
        wire.addInput("request");
        read();
        FutureCallback held = new FutureCallback();
        endPoint.write(held, bytes("last answer"));
        endPoint.shutdownOutput();
        assertEquals("last answer", wire.takeOutputString());
        assertTrue(held.isDone());

        open();
        wire.addInput("request");
        read();
        FutureCallback beforeClose = new FutureCallback();
        endPoint.write(beforeClose, bytes("goodbye"));
        endPoint.close(null);
        assertEquals("goodbye", wire.takeOutputString());
        assertTrue(beforeClose.isDone());
    }

    @Test
    void shouldSendAHeldWriteWhenTheConnectionWaitsForMoreBytes() throws Exception {
        wire.addInput("request");
        read();
        FutureCallback held = new FutureCallback();
        endPoint.write(held, bytes("answer"));
        endPoint.fillInterested(Callback.NOOP);
        assertEquals("answer", wire.takeOutputString());
        assertTrue(held.isDone());
    }

    @Test
    void shouldHandACancelledHeldWriteItsCallback() throws Exception {
        wire.addInput("request");
        read();
        Callback held = new FutureCallback();
        endPoint.write(held, bytes("never sent"));
        assertEquals(held, endPoint.cancelWrite(new Exception("cancelled")));
        assertEquals(0, read());
        assertEquals("", wire.takeOutputString());
    }
}
