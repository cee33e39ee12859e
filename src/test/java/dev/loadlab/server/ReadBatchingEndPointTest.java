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

    /** A request arrives and is read: this thread is parsing it, as the connection's would. */
    private void parseARequest() throws Exception {
        wire.addInput("request");
        read();
    }

    /** Writes an answer as the connection would, from this thread. */
    private FutureCallback write(String answer) {
        FutureCallback callback = new FutureCallback();
        endPoint.write(callback, bytes(answer));
        return callback;
    }

    /** The answer went out on the wire and its write completed. */
    private void assertSent(String answer, FutureCallback callback) {
        assertEquals(answer, wire.takeOutputString());
        assertTrue(callback.isDone());
    }

    @Test
    void shouldWriteAtOnceWhenNoReadIsBeingParsed() {
        FutureCallback written = write("settings");
        assertSent("settings", written);
    }

    @Test
    void shouldHoldTheParsingThreadsWriteUntilItReadsAgain() throws Exception {
        wire.addInput("two requests");
        assertEquals(12, read());
        FutureCallback first = write("answer 1");
        assertEquals("", wire.takeOutputString());
        assertFalse(first.isDone());

        assertEquals(0, read()); // nothing more to read: the held answer leaves
        assertSent("answer 1", first);

        FutureCallback second = write("answer 2"); // no longer parsing: straight out
        assertSent("answer 2", second);
    }

    @Test
    void shouldNotHoldAWriteFromAnotherThreadWhileOneParses() throws Exception {
        parseARequest();
        FutureCallback fromElsewhere = new FutureCallback();
        CompletableFuture.runAsync(() -> endPoint.write(fromElsewhere, bytes("late answer")))
                .get(5, TimeUnit.SECONDS);
        assertSent("late answer", fromElsewhere);
    }

    @Test
    void shouldSendAHeldWriteBeforeShuttingOutputOrClosing() throws Exception {
        parseARequest();
        FutureCallback held = write("last answer");
        endPoint.shutdownOutput();
        assertSent("last answer", held);

        open();
        parseARequest();
        FutureCallback beforeClose = write("goodbye");
        endPoint.close(null);
        assertSent("goodbye", beforeClose);
    }

    @Test
    void shouldSendAHeldWriteWhenTheConnectionWaitsForMoreBytes() throws Exception {
        parseARequest();
        FutureCallback held = write("answer");
        endPoint.fillInterested(Callback.NOOP);
        assertSent("answer", held);
    }

    @Test
    void shouldHandACancelledHeldWriteItsCallback() throws Exception {
        parseARequest();
        Callback held = write("never sent");
        assertEquals(held, endPoint.cancelWrite(new Exception("cancelled")));
        assertEquals(0, read());
        assertEquals("", wire.takeOutputString());
    }
}
