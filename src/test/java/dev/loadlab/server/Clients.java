package dev.loadlab.server;

import dev.loadlab.shared.TrustStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLContext;

/** The JDK's HttpClient in the three ways a load tool reaches the server. */
enum Clients {
    HTTP_1_1(ServerMetrics.Protocol.HTTP_1_1),
    /** HTTP/2 on the plain port: the JDK client asks for h2c with an Upgrade header. */
    H2C(ServerMetrics.Protocol.H2C),
    /** HTTP/2 over TLS, negotiated by ALPN, trusting only the server's own certificate. */
    H2(ServerMetrics.Protocol.H2);

    final ServerMetrics.Protocol protocol;

    Clients(ServerMetrics.Protocol protocol) {
        this.protocol = protocol;
    }

    HttpClient client(ReferenceServer server) throws Exception {
        HttpClient.Builder builder = HttpClient.newBuilder()
                .connectTimeout(Duration.ofSeconds(5))
                .version(this == HTTP_1_1 ? HttpClient.Version.HTTP_1_1 : HttpClient.Version.HTTP_2);
        if (this == H2) {
            builder.sslContext(trusting(server));
        }
        HttpClient client = builder.build();
        if (this == H2C) {
            // The JDK client offers the h2c Upgrade only on a request without a body: open the
            // connection with one, so that POSTs on it travel over h2c as well.
            send(client, HttpRequest.newBuilder(base(server).resolve("/health")).build());
        }
        return client;
    }

    /** TLS that trusts only the server's own certificate. */
    static SSLContext trusting(ReferenceServer server) throws Exception {
        return TrustStore.trusting(TrustStore.of(server.certificate()));
    }

    URI base(ReferenceServer server) {
        return this == H2 ? server.tlsUri() : server.httpUri();
    }

    /** Sends a request and checks the protocol really spoken is the one this client stands for. */
    HttpResponse<String> send(HttpClient client, HttpRequest request) throws Exception {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        HttpClient.Version expected = this == HTTP_1_1 ? HttpClient.Version.HTTP_1_1 : HttpClient.Version.HTTP_2;
        if (response.version() != expected) {
            throw new AssertionError(this + " client was answered over " + response.version());
        }
        return response;
    }
}
