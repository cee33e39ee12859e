package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A test's view of a server's admin port: its routes through the JDK client, over HTTP/1.1. */
final class Admin {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Admin() {}

    static HttpResponse<String> send(String method, URI uri) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(uri)
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> send(String method, ReferenceServer server, String pathAndQuery) throws Exception {
        return send(method, URI.create(server.adminUri() + pathAndQuery));
    }

    /** The faults are set, or the test fails with the admin port's own line. */
    static JsonNode set(ReferenceServer server, String query) throws Exception {
        HttpResponse<String> answer = send("POST", server, "/faults?" + query);
        if (answer.statusCode() != 200) {
            throw new AssertionError(
                    "POST /faults?" + query + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return JSON.readTree(answer.body());
    }

    static JsonNode state(ReferenceServer server) throws Exception {
        return JSON.readTree(send("GET", server, "/faults").body());
    }

    /** The server's own count of one kind of fault it injected ("500", "reset", "stall", "outage", "shed"...). */
    static long injected(ReferenceServer server, String kind) throws Exception {
        return state(server).path("injected").path(kind).asLong(-1);
    }
}
