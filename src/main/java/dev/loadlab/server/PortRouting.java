package dev.loadlab.server;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Sends what arrives on the admin connector to the admin routes and everything else to the load routes, so that
 * neither kind of port serves the other's: a load tool cannot switch faults, and the admin port answers no load.
 * Admin requests run on the thread pool (an outage stops connectors, which waits).
 */
final class PortRouting extends Handler.Wrapper {
    private final Connector adminPort;
    private final AdminEndpoint admin;
    private final Executor pool;

    PortRouting(Handler load, Connector adminPort, AdminEndpoint admin, Executor pool) {
        super(load);
        this.adminPort = adminPort;
        this.admin = admin;
        this.pool = pool;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (request.getConnectionMetaData().getConnector() != adminPort) {
            return super.handle(request, response, callback);
        }
        try {
            pool.execute(() -> {
                try {
                    admin.handle(request, response, callback);
                } catch (Throwable t) {
                    callback.failed(t);
                }
            });
        } catch (RejectedExecutionException stopping) {
            callback.failed(stopping);
        }
        return true;
    }
}
