package dev.loadlab.steps.control;

import static dev.loadlab.steps.control.ServerControlIT.THIS_JVM;
import static dev.loadlab.steps.control.ServerControlIT.WITH_GATEWAY;
import static dev.loadlab.steps.control.ServerControlIT.build;
import static dev.loadlab.steps.control.ServerControlIT.metrics;
import static dev.loadlab.steps.control.ServerControlIT.process;
import static dev.loadlab.steps.control.ServerControlIT.server;
import static dev.loadlab.steps.control.ServerControlIT.status;
import static dev.loadlab.steps.control.ServerControlIT.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway experiment's upstream: a second reference server that ServerControl starts and stops with the target,
 * each with the heap the build gives (server.maxHeapMb).
 */
@Tag("long")
class GatewayUpstreamIT {

    @Test
    void shouldRunTheGatewaysUpstreamAsAProcessOfItsOwnAndStopItWithTheTarget(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        assertEquals(0, ServerControl.up(WITH_GATEWAY.with(Map.of("live", "false")), files, THIS_JVM));
        ProcessHandle upstream = process(files.companionDir("gateway-upstream"));
        try {
            assertNotEquals(server(files).pid(), upstream.pid());
            String url = target(files).get("target.url");
            String upstreamUrl = metrics(url).path("gateway").path("upstream").asText();
            long before = metrics(upstreamUrl).path("requests").path("http/1.1").asLong();
            assertEquals(200, status(url + "/gateway/payload?kb=1&latencyMs=0"));
            assertNotEquals(url, upstreamUrl);
            String upstreamLog =
                    Files.readString(files.companionDir("gateway-upstream").resolve(ServerProcess.LOG_FILE));
            assertTrue(upstreamLog.contains("ready: http=" + upstreamUrl + " "), upstreamLog);
            assertEquals(
                    before + 1,
                    metrics(upstreamUrl).path("requests").path("http/1.1").asLong(),
                    "the forward went there");
        } finally {
            assertEquals(0, ServerControl.down(files));
        }
        assertTrue(ServerProcess.ended(upstream), "the upstream process must be gone after down");
    }

    @Test
    void shouldGiveTheTargetAndItsUpstreamTheHeapOfServerMaxHeapMb(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        Settings small = WITH_GATEWAY.with(Map.of("server.maxHeapMb", "256", "live", "false"));
        assertEquals(0, ServerControl.up(small, files, THIS_JVM));
        try {
            String url = target(files).get("target.url");
            String upstreamUrl = metrics(url).path("gateway").path("upstream").asText();
            for (String server : List.of(url, upstreamUrl)) {
                long maxBytes = metrics(server).path("heap").path("maxBytes").asLong();
                assertTrue(maxBytes > 0 && maxBytes <= 256L * 1024 * 1024, server + ": heap max " + maxBytes);
            }
        } finally {
            assertEquals(0, ServerControl.down(files));
        }
    }
}
