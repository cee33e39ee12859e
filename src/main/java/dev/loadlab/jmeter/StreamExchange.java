package dev.loadlab.jmeter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.MetaData;
import org.eclipse.jetty.http2.ErrorCode;
import org.eclipse.jetty.http2.api.Stream;
import org.eclipse.jetty.http2.frames.DataFrame;
import org.eclipse.jetty.http2.frames.HeadersFrame;
import org.eclipse.jetty.http2.frames.ResetFrame;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Promise;

/**
 * One request/response on an HTTP/2 stream. Jetty calls it on its selector thread: it only copies bytes and
 * completes {@link #response()}, never blocks, and the JMeter thread waiting on the future does the rest.
 */
final class StreamExchange implements Stream.Listener, Promise<Stream> {
    private final CompletableFuture<ReceivedResponse> response = new CompletableFuture<>();
    private final ExchangeTimes times;
    private final byte[] body;
    private final int maxResponseBytes;
    private final ByteArrayOutputStream content = new ByteArrayOutputStream(256);
    private MetaData.Response head;
    private volatile Stream stream;

    StreamExchange(ExchangeTimes times, byte[] body, int maxResponseBytes) {
        this.times = times;
        this.body = body;
        this.maxResponseBytes = maxResponseBytes;
    }

    CompletableFuture<ReceivedResponse> response() {
        return response;
    }

    /** The HEADERS frame is out: the body, if any, follows in one DATA frame that ends the stream. */
    @Override
    public void succeeded(Stream opened) {
        stream = opened;
        if (body.length > 0) {
            opened.data(
                    new DataFrame(opened.getId(), ByteBuffer.wrap(body), true),
                    Callback.from(() -> {}, response::completeExceptionally));
        }
    }

    @Override
    public void failed(Throwable failure) {
        response.completeExceptionally(failure);
    }

    @Override
    public void onHeaders(Stream from, HeadersFrame frame) {
        if (frame.getMetaData() instanceof MetaData.Response received) {
            if (HttpStatus.isInformational(received.getStatus())) {
                from.demand(); // 100 Continue and the like: the final response follows
                return;
            }
            head = received;
            times.responseBegan();
        }
        if (frame.isEndStream()) {
            complete();
        } else {
            from.demand();
        }
    }

    @Override
    public void onDataAvailable(Stream from) {
        while (true) {
            Stream.Data data = from.readData();
            if (data == null) {
                from.demand();
                return;
            }
            ByteBuffer bytes = data.frame().getByteBuffer();
            boolean last = data.frame().isEndStream();
            boolean fits = content.size() + bytes.remaining() <= maxResponseBytes;
            if (fits) {
                append(bytes);
            }
            data.release();
            if (!fits) {
                abort(new IOException("response body larger than " + maxResponseBytes + " bytes"));
                return;
            }
            if (last) {
                complete();
                return;
            }
        }
    }

    @Override
    public void onReset(Stream from, ResetFrame frame, Callback callback) {
        response.completeExceptionally(new IOException(
                "stream reset by the server: " + ErrorCode.toString(frame.getError(), "error " + frame.getError())));
        callback.succeeded();
    }

    @Override
    public void onFailure(Stream from, int error, String reason, Throwable failure, Callback callback) {
        response.completeExceptionally(failure);
        callback.succeeded();
    }

    /** Fails the exchange and cancels its stream; true when the exchange was still open. */
    boolean abort(Throwable reason) {
        boolean open = response.completeExceptionally(reason);
        Stream opened = stream;
        if (open && opened != null) {
            opened.reset(new ResetFrame(opened.getId(), ErrorCode.CANCEL_STREAM_ERROR.code), Callback.NOOP);
        }
        return open;
    }

    private void append(ByteBuffer bytes) {
        if (bytes.hasArray()) {
            content.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
        } else {
            byte[] copy = new byte[bytes.remaining()];
            bytes.get(copy);
            content.write(copy, 0, copy.length);
        }
    }

    private void complete() {
        MetaData.Response received = head;
        if (received == null) {
            response.completeExceptionally(new IOException("the stream ended without a response"));
            return;
        }
        int status = received.getStatus();
        response.complete(new ReceivedResponse(
                received.getHttpVersion().asString(),
                status,
                HttpStatus.getMessage(status),
                received.getHttpFields(),
                content.toByteArray()));
    }
}
