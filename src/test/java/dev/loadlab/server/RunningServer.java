package dev.loadlab.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A reference server for all the tests of one class, on ports the system picks (so that test classes in other forks
 * never collide): registered as a static field with {@code @RegisterExtension}, it starts before the class's first
 * test and closes after its last.
 */
final class RunningServer implements BeforeAllCallback, AfterAllCallback {
    private ReferenceServer server;
    private HttpClient http1Client;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = ReferenceServer.start(ServerSettings.of(Map.of("server.httpPort", "0", "server.tlsPort", "0")));
        http1Client = Clients.HTTP_1_1.client(server);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        server.close();
    }

    ReferenceServer get() {
        return server;
    }

    /** {@code pathAndQuery} on the server's cleartext port. */
    URI http(String pathAndQuery) {
        return server.httpUri().resolve(pathAndQuery);
    }

    /** Sends {@code request} on the one HTTP/1.1 client the class's tests share, and reads the answer as text. */
    HttpResponse<String> send(HttpRequest request) throws IOException, InterruptedException {
        return http1Client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
