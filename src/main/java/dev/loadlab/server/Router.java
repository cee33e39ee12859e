package dev.loadlab.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one handler: an exact-path lookup, prefix routes, a method check and admission control.
 * It declares itself non-blocking so that fast GETs run where Jetty read them; endpoints that block
 * (body reads, JDBC) are moved onto the thread pool. Past the in-flight limit a request is a 503 at
 * once, so admitted work, running or queued, stays bounded. A counted request may meet a fault on purpose first
 * ({@link Faults}): those take no slot, so an injected stall never turns into a 503 of the limit.
 */
final class Router extends Handler.Abstract.NonBlocking {
    private static final Logger LOG = LoggerFactory.getLogger(Router.class);

    /** One endpoint; it writes its response with {@link Replies} and may complete asynchronously. */
    @FunctionalInterface
    interface Endpoint {
        void handle(Request request, Response response, Callback callback) throws Exception;
    }

    private record Route(String method, Endpoint endpoint, boolean blocking) {}

    private record PrefixRoute(String prefix, Route route) {}

    private final Map<String, Route> routes = new HashMap<>();
    private final Map<String, Endpoint> uncounted = new HashMap<>();
    /** Routes for every path under a prefix, tried in order after the exact paths. */
    private final List<PrefixRoute> prefixRoutes = new ArrayList<>();

    private final ServerMetrics metrics;
    private final Replies replies;
    private final Executor blockingExecutor;
    private final Faults faults;
    /** Wraps a counted request's callback so that the request is counted under its tag once answered. */
    private BiFunction<Request, Callback, Callback> tagCounter = (r, c) -> c;
    /** Changed at run time by the admin port; requests already admitted keep their slot. */
    private volatile int maxInFlight;

    private final AtomicInteger inFlight = new AtomicInteger();

    Router(ServerMetrics metrics, Replies replies, Executor blockingExecutor, int maxInFlight, Faults faults) {
        this.metrics = metrics;
        this.replies = replies;
        this.blockingExecutor = blockingExecutor;
        this.maxInFlight = maxInFlight;
        this.faults = faults;
    }

    int maxInFlight() {
        return maxInFlight;
    }

    void maxInFlight(int limit) {
        maxInFlight = limit;
    }

    Router get(String path, Endpoint endpoint) {
        routes.put(path, new Route("GET", endpoint, false));
        return this;
    }

    Router blocking(String method, String path, Endpoint endpoint) {
        routes.put(path, new Route(method, endpoint, true));
        return this;
    }

    /** A GET route for every path under {@code prefix}; the endpoint parses the rest and 404s what it can't. */
    Router getUnder(String prefix, Endpoint endpoint) {
        prefixRoutes.add(new PrefixRoute(prefix, new Route("GET", endpoint, false)));
        return this;
    }

    /** A blocking route for every path under {@code prefix} with this method (an OData service's entity sets). */
    Router blockingUnder(String method, String prefix, Endpoint endpoint) {
        prefixRoutes.add(new PrefixRoute(prefix, new Route(method, endpoint, true)));
        return this;
    }

    /** The exact route, else the prefix route for this method, else any prefix route (for its 405). */
    private Route find(String path, String method) {
        Route exact = routes.get(path);
        if (exact != null) {
            return exact;
        }
        Route other = null;
        for (PrefixRoute p : prefixRoutes) {
            if (path.startsWith(p.prefix())) {
                if (p.route().method.equals(method)) {
                    return p.route();
                }
                other = other == null ? p.route() : other;
            }
        }
        return other;
    }

    /** Counts every counted request that carries a tag (CalibrationEndpoint#tagged). */
    Router countingTags(BiFunction<Request, Callback, Callback> counter) {
        tagCounter = counter;
        return this;
    }

    /** Probes and metrics: neither counted nor shed, so watching the server does not change its figures. */
    Router uncounted(String path, Endpoint endpoint) {
        uncounted.put(path, endpoint);
        return this;
    }

    @Override
    public boolean handle(Request request, Response response, Callback answered) {
        String path = Request.getPathInContext(request);
        Endpoint probe = uncounted.get(path);
        if (probe != null) {
            run(probe, request, response, answered);
            return true;
        }
        metrics.request(request.getConnectionMetaData());
        Callback callback = tagCounter.apply(request, answered);
        Route route = find(path, request.getMethod());
        if (route == null) {
            replies.error(response, callback, 404, "no resource at " + path);
        } else if (!route.method.equals(request.getMethod())) {
            response.getHeaders().put(HttpHeader.ALLOW, route.method);
            replies.error(
                    response,
                    callback,
                    405,
                    "method " + request.getMethod() + " is not allowed on " + path + "; allowed: " + route.method);
        } else if (!faults.drawing()
                || !faults.intercept(
                        path, request, response, callback, () -> admit(route, request, response, callback))) {
            admit(route, request, response, callback);
        }
        return true;
    }

    private void admit(Route route, Request request, Response response, Callback callback) {
        int limit = maxInFlight;
        if (inFlight.incrementAndGet() > limit) {
            inFlight.decrementAndGet();
            shed(response, callback, "more than " + limit + " requests in flight (server.maxInFlight)");
        } else {
            Callback release = Callback.from(callback, (Runnable) inFlight::decrementAndGet);
            if (route.blocking) {
                dispatch(route.endpoint, request, response, release);
            } else {
                run(route.endpoint, request, response, release);
            }
        }
    }

    private void dispatch(Endpoint endpoint, Request request, Response response, Callback callback) {
        try {
            blockingExecutor.execute(() -> run(endpoint, request, response, callback));
        } catch (RejectedExecutionException full) {
            shed(response, callback, "the server is stopping");
        }
    }

    private void shed(Response response, Callback callback, String why) {
        replies.shed(response, callback, why);
    }

    private void run(Endpoint endpoint, Request request, Response response, Callback callback) {
        try {
            endpoint.handle(request, response, callback);
        } catch (HttpFailure refused) {
            if (refused.status == 503) {
                shed(response, callback, refused.getMessage());
            } else {
                replies.error(response, callback, refused.status, refused.getMessage());
            }
        } catch (Throwable t) {
            LOG.warn("{} {} failed", request.getMethod(), Request.getPathInContext(request), t);
            if (response.isCommitted()) {
                callback.failed(t);
            } else {
                replies.error(response, callback, 500, "internal error: " + t);
            }
        }
    }
}
