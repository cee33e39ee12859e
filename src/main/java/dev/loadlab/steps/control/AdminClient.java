package dev.loadlab.steps.control;

import dev.loadlab.server.AdminEndpoint;
import dev.loadlab.server.FaultSettings;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/** Sets the faults of a running reference server through its admin port: what the build does once its target is up. */
final class AdminClient {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private AdminClient() {}

    /** Every fault setting at once (a fresh value for each, so nothing of before stays); the server's state back. */
    static String setFaults(String adminUrl, FaultSettings faults) throws IOException, InterruptedException {
        Map<String, String> parameters = faults.asProperties().entrySet().stream()
                .collect(Collectors.toMap(
                        e -> e.getKey().substring(FaultSettings.PREFIX.length()), Map.Entry::getValue));
        String query = parameters.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
        return send(HttpRequest.newBuilder(URI.create(adminUrl + AdminEndpoint.FAULTS + "?" + query))
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private static String send(HttpRequest.Builder request) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(TIMEOUT)
                .build();
        HttpResponse<String> answer =
                client.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IOException("the admin port answered " + answer.statusCode() + ": "
                    + answer.body().strip());
        }
        return answer.body();
    }
}
