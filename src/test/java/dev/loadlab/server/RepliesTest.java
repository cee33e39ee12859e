package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Constant bodies: direct, so that a socket write sends them without a copy, and never changed by an answer. */
class RepliesTest {

    @Test
    void aConstantBodyIsADirectReadOnlyBufferOfItsBytes() {
        byte[] bytes = "{\"status\":\"UP\"}".getBytes(StandardCharsets.UTF_8);
        ByteBuffer body = Replies.constant(bytes);

        assertTrue(body.isDirect());
        assertTrue(body.isReadOnly());
        assertThrows(ReadOnlyBufferException.class, () -> body.put(0, (byte) 'x'));
        byte[] read = new byte[body.remaining()];
        body.duplicate().get(read);
        assertArrayEquals(bytes, read);
    }

    @Test
    void eachAnswerConsumesItsOwnSliceAndLeavesTheBodyWhole() {
        ByteBuffer body = Replies.constant("0123456789".getBytes(StandardCharsets.US_ASCII));

        ByteBuffer first = body.slice();
        first.position(first.limit()); // as a socket write consumes it
        ByteBuffer second = body.slice();

        assertEquals(10, second.remaining());
        assertEquals(10, body.remaining());
        assertTrue(second.isDirect());
    }
}
