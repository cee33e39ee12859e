package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.CompletableResponseListener;
import org.eclipse.jetty.client.Connection;
import org.eclipse.jetty.client.Request;

/** A JMeter thread's HTTP/1.1 connection (protocol http1), on the shared Jetty HttpClient. */
final class Http1Connection extends ThreadConnection {
    private Connection connection;
    private volatile Request inFlight;

    Http1Connection(SharedClients.Shared client, String trustedCertificate) {
        super(Protocol.HTTP1, client, trustedCertificate);
    }

    @Override
    boolean ensureOpen(RequestSpec spec, long timeoutMs)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (connection != null && !connection.isClosed()) {
            return false;
        }
        close();
        Request probe = client.http1().newRequest(spec.uri);
        connection = client.http1().resolveDestination(probe).newConnection().get(timeoutMs, TimeUnit.MILLISECONDS);
        counted = client.connections().get(connection.getLocalSocketAddress());
        return true;
    }

    @Override
    CompletableFuture<ReceivedResponse> send(RequestSpec spec, ExchangeTimes times) {
        Request request = client.http1()
                .newRequest(spec.uri)
                .method(spec.method)
                .timeout(spec.timeoutMs, TimeUnit.MILLISECONDS)
                .headers(fields -> spec.headers.forEach(fields::add))
                .onResponseBegin(response -> times.responseBegan());
        if (spec.body.length > 0) {
            request.body(new BytesRequestContent(spec.contentType, spec.body));
        }
        inFlight = request;
        return new CompletableResponseListener(request, MAX_RESPONSE_BYTES)
                .send(connection)
                .thenApply(response -> new ReceivedResponse(
                        response.getVersion().asString(),
                        response.getStatus(),
                        response.getReason(),
                        response.getHeaders(),
                        response.getContent()))
                .whenComplete((response, failure) -> inFlight = null);
    }

    @Override
    boolean abort(Throwable reason) {
        Request request = inFlight;
        return request != null && request.abort(reason).getNow(false);
    }

    @Override
    void close() {
        if (connection != null) {
            connection.close();
        }
        connection = null;
        counted = null;
    }
}
