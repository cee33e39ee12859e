package dev.loadlab.steps.control;

import dev.loadlab.server.CalibrationEndpoint;
import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.TargetKnobs;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

/**
 * The embedded server's own count of each calibration tag, saved by {@code ServerControl down} just before the server
 * stops, as {@code target/loadlab/server-counts.json} beside the settings: the report sets every tool's figures
 * beside it. A user's own target keeps no such count, and nothing is asked of it.
 */
final class ServerCounts {
    static final String FILE = "server-counts.json";
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private ServerCounts() {}

    /** Saves the counts of the server {@code files} started; a server that does not answer is one line, no file. */
    static void save(BuildFiles files) throws IOException, InterruptedException {
        Path out = files.settingsFile().resolveSibling(FILE);
        Files.deleteIfExists(out);
        if (ServerProcess.running(files.serverDir().resolve(ServerProcess.PID_FILE))
                        .isEmpty()
                || !Files.isRegularFile(files.targetFile())) {
            return; // no embedded server: a user's target
        }
        Properties target = PropertyFile.read(files.targetFile());
        String url = target.getProperty(TargetKnobs.URL.name(), "") + CalibrationEndpoint.COUNTS_PATH;
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1) // must not move the server's h2 counters
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(TIMEOUT)
                .build();
        try {
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 200) {
                Files.writeString(out, answer.body(), StandardCharsets.UTF_8);
                return;
            }
            System.out.println("loadlab: " + url + " answered " + answer.statusCode() + "; no server counts");
        } catch (IOException e) {
            System.out.println("loadlab: " + url + " did not answer (" + e + "); no server counts");
        }
    }
}
