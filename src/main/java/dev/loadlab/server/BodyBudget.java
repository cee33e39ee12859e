package dev.loadlab.server;

import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Bounds the request bodies the server holds at once (server.bodyBufferMb): a body is read whole and parsed into a
 * tree several times its size, and the in-flight cap alone would admit thousands of them. A request reserves its
 * Content-Length (a chunked one the body limit) until its response is done; one that does not fit is answered 503
 * with Retry-After before a byte of its body is read. A body alone is always admitted, so any body within
 * server.maxBodyKb can get through; a body over that limit reserves nothing, as it is drained and refused (413).
 */
final class BodyBudget extends Handler.Wrapper {
    private static final Set<String> MAY_HAVE_BODY = Set.of("POST", "PUT", "PATCH");

    private final long budgetBytes;
    private final long maxBodyBytes;
    private final Replies replies;
    private final AtomicLong reserved = new AtomicLong();

    BodyBudget(long budgetBytes, long maxBodyBytes, Replies replies, Handler next) {
        super(next);
        this.budgetBytes = budgetBytes;
        this.maxBodyBytes = maxBodyBytes;
        this.replies = replies;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        long length = request.getLength();
        long claim = length < 0 && MAY_HAVE_BODY.contains(request.getMethod())
                ? maxBodyBytes // chunked, or HTTP/2 without Content-Length: it may be as long as the limit
                : (length > 0 && length <= maxBodyBytes ? length : 0);
        if (claim == 0) {
            return super.handle(request, response, callback);
        }
        if (!reserve(claim)) {
            replies.shed(
                    response,
                    callback,
                    "request bodies over " + budgetBytes / (1024 * 1024) + " MiB at once (server.bodyBufferMb)");
            return true;
        }
        Callback release = Callback.from(callback, (Runnable) () -> reserved.addAndGet(-claim));
        try {
            if (super.handle(request, response, release)) {
                return true;
            }
        } catch (Exception | Error e) {
            reserved.addAndGet(-claim);
            throw e;
        }
        reserved.addAndGet(-claim);
        return false;
    }

    private boolean reserve(long claim) {
        while (true) {
            long now = reserved.get();
            if (now > 0 && now + claim > budgetBytes) {
                return false;
            }
            if (reserved.compareAndSet(now, now + claim)) {
                return true;
            }
        }
    }
}
