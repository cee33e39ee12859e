package dev.loadlab.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.server.Request;

/** A request's JSON body, read within the server's body limit (server.maxBodyKb): the write routes' one way in. */
final class JsonBodies {
    /** How much of an oversized body is read and dropped so that its client still gets the 413. */
    private static final int DISCARD_LIMIT_FACTOR = 4;

    /** A body's first seconds are not held to the minimum rate: TCP's slow start and a client's own warm-up. */
    private static final long RATE_GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final ObjectMapper json;
    private final long maxBodyBytes;
    private final long minBytesPerSecond;

    JsonBodies(ObjectMapper json, long maxBodyBytes, long minBytesPerSecond) {
        this.json = json;
        this.maxBodyBytes = maxBodyBytes;
        this.minBytesPerSecond = minBytesPerSecond;
    }

    /**
     * Parses the body as it streams in; more than the limit is a 413, a parse error a 400, a body slower than
     * server.minBodyKbPerSecond or stalled for the idle timeout a 408.
     */
    JsonNode read(Request request) {
        InputStream body = Request.asInputStream(request);
        if (request.getLength() > maxBodyBytes) {
            throw tooLarge(body);
        }
        try {
            JsonNode node = json.readTree(new Capped(body, maxBodyBytes, minBytesPerSecond));
            if (node == null || node.isMissingNode()) {
                throw HttpFailure.badRequest("the request body is empty; a JSON document is expected");
            }
            return node;
        } catch (Capped.Exceeded e) {
            throw tooLarge(body);
        } catch (Capped.TooSlow e) {
            throw new HttpFailure(408, e.getMessage());
        } catch (JsonProcessingException e) {
            throw HttpFailure.badRequest("malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            if (timedOut(e)) {
                throw new HttpFailure(408, "the request body stalled longer than server.idleTimeoutMs");
            }
            throw HttpFailure.badRequest("could not read the request body: " + e.getMessage());
        }
    }

    /** Jetty fails a read that waited out the idle timeout with a TimeoutException, wrapped or not. */
    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Drops what is left of a refused body, up to a few times the limit, before the 413 goes out:
     * closing on a client that is still sending resets the connection, and it would never read the 413.
     */
    private HttpFailure tooLarge(InputStream body) {
        byte[] sink = new byte[16 * 1024];
        long dropped = 0;
        try {
            for (int n; dropped < DISCARD_LIMIT_FACTOR * maxBodyBytes && (n = body.read(sink)) > 0; ) {
                dropped += n;
            }
        } catch (IOException e) {
            // the client went away: nothing left to protect
        }
        return tooLarge();
    }

    private HttpFailure tooLarge() {
        return new HttpFailure(413, "request body over " + maxBodyBytes / 1024 + " KB (server.max-body-kb)");
    }

    /**
     * Counts bytes as the parser pulls them, so a body without Content-Length is capped too, and checks their
     * average rate, so a client trickling its body a byte at a time does not hold a thread for hours.
     */
    private static final class Capped extends FilterInputStream {
        static final class Exceeded extends IOException {
            Exceeded() {
                super("body too large", null);
            }
        }

        static final class TooSlow extends IOException {
            TooSlow(String message) {
                super(message, null);
            }
        }

        private final long limit;
        private final long minBytesPerSecond;
        private final long startNanos = System.nanoTime();
        private long read;

        Capped(InputStream in, long limit, long minBytesPerSecond) {
            super(in);
            this.limit = limit;
            this.minBytesPerSecond = minBytesPerSecond;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) throws IOException {
            read += n;
            if (read > limit) {
                throw new Exceeded();
            }
            long elapsed = System.nanoTime() - startNanos;
            if (minBytesPerSecond > 0
                    && elapsed > RATE_GRACE_NANOS
                    && read * 1_000_000_000.0 / elapsed < minBytesPerSecond) {
                throw new TooSlow("request body too slow: " + read + " bytes in " + elapsed / 1_000_000 + " ms, under "
                        + minBytesPerSecond / 1024 + " KiB/s (server.minBodyKbPerSecond)");
            }
        }
    }
}
