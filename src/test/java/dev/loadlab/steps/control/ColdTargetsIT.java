package dev.loadlab.steps.control;

import static dev.loadlab.steps.control.ServerControlIT.THIS_JVM;
import static dev.loadlab.steps.control.ServerControlIT.build;
import static dev.loadlab.steps.control.ServerControlIT.metrics;
import static dev.loadlab.steps.control.ServerControlIT.process;
import static dev.loadlab.steps.control.ServerControlIT.server;
import static dev.loadlab.steps.control.ServerControlIT.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.TrustStore;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The latency study's cold run: a reference server per Gatling wire that nothing loads before it. */
@Tag("long")
class ColdTargetsIT {
    private static final Settings LATENCY =
            Settings.of(Map.of("target.waitSeconds", "60", "experiments", "latency", "live", "false"));

    /** build.properties as dev.loadlab.steps.Runs writes it: Gatling on HTTP/1.1 over TLS and h2, nothing else. */
    private static BuildFiles gatlingOnTlsWires(Path dir) throws Exception {
        BuildFiles files = build(dir);
        StringBuilder flags = new StringBuilder();
        for (Wire w : Wire.values()) {
            boolean runs = w == Wire.HTTP1_TLS || w == Wire.H2;
            flags.append(w.skipFlag("gatling")).append('=').append(!runs).append('\n');
        }
        Files.writeString(files.buildFile(), flags);
        return files;
    }

    @Test
    void shouldStartAnUnloadedServerPerGatlingWireTrustedLikeTheTargetAndStopItWithTheTarget(@TempDir Path dir)
            throws Exception {
        BuildFiles files = gatlingOnTlsWires(dir);
        assertEquals(0, ServerControl.up(LATENCY, files, THIS_JVM));
        List<ProcessHandle> cold = List.of(
                process(files.companionDir("cold-target-" + Wire.HTTP1_TLS.id)),
                process(files.companionDir("cold-target-" + Wire.H2.id)));
        try {
            Map<String, String> target = target(files);
            assertFalse(
                    Files.exists(files.companionDir("cold-target-" + Wire.HTTP1.id)),
                    "Gatling does not run that wire here");
            KeyStore store = TrustStore.read(Path.of(target.get("gatling.ssl.trustStore.file")));
            assertEquals(3, Collections.list(store.aliases()).size(), "the target's certificate and each cold one's");
            for (Wire wire : List.of(Wire.HTTP1_TLS, Wire.H2)) {
                URI url = URI.create(target.get(TargetKnobs.COLD_URL_PREFIX + wire.id));
                assertEquals("https", url.getScheme(), wire.id + " runs over TLS");
                assertNotEquals(URI.create(target.get("target.tlsUrl")).getPort(), url.getPort());
                try (SSLSocket socket = (SSLSocket)
                        TrustStore.trusting(store).getSocketFactory().createSocket(url.getHost(), url.getPort())) {
                    socket.startHandshake(); // Gatling trusts it through the one store it gets
                }
                String plain = Files.readString(
                                files.companionDir("cold-target-" + wire.id).resolve(ServerProcess.LOG_FILE))
                        .replaceAll("(?s).*ready: http=(\\S+) .*", "$1");
                JsonNode requests = metrics(plain).path("requests");
                assertTrue(answered(requests) <= 2, wire.id + ": only its start-up probe came before, not " + requests);
            }
            JsonNode requests = metrics(target.get("target.url")).path("requests");
            assertTrue(
                    answered(requests) > 2, "the contract check and the wire probes went to the target: " + requests);
            long targetPid = server(files).pid();
            assertTrue(cold.stream().noneMatch(p -> p.pid() == targetPid));
        } finally {
            assertEquals(0, ServerControl.down(files));
        }
        assertTrue(cold.stream().allMatch(ServerProcess::ended), "a cold target outlived down");
    }

    /** Requests over every protocol, as /metrics counts them. */
    private static long answered(JsonNode requestsByProtocol) {
        long sum = 0;
        for (JsonNode n : requestsByProtocol) {
            sum += n.asLong();
        }
        return sum;
    }

    @Test
    void shouldStartNoneWithoutTheColdRun(@TempDir Path dir) throws Exception {
        BuildFiles files = gatlingOnTlsWires(dir);
        assertEquals(0, ServerControl.up(LATENCY.with(Map.of("latency.coldRun", "false")), files, THIS_JVM));
        try {
            assertFalse(Files.exists(files.companionDir("cold-target-" + Wire.H2.id)));
            assertTrue(target(files).keySet().stream().noneMatch(k -> k.startsWith(TargetKnobs.COLD_URL_PREFIX)));
        } finally {
            ServerControl.down(files);
        }
    }
}
