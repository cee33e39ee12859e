package dev.loadlab.steps.control;

import static dev.loadlab.steps.control.ServerControlIT.THIS_JVM;
import static dev.loadlab.steps.control.ServerControlIT.build;
import static dev.loadlab.steps.control.ServerControlIT.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.server.ReferenceServer;
import dev.loadlab.settings.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A service a journey calls beside the target (target.api.url), as ServerControl up meets it before any load. */
@Tag("long")
class NamedTargetsUpIT {
    @Test
    void shouldHoldANamedTargetInTheReachAndGiveEachWireItsParts(@TempDir Path dir) throws Exception {
        try (ReferenceServer external = TestTargets.referenceServer()) {
            BuildFiles files = build(dir);
            int port = external.httpUri().getPort();
            String url = external.httpUri().toString();
            Settings settings = Settings.of(
                    Map.of("target.url", url, "target.api.url", "http://localhost:" + port + "/v1", "live", "false"));

            assertEquals(0, ServerControl.up(settings, files, THIS_JVM));

            assertEquals(
                    "target=127.0.0.1:" + port + ",api=localhost:" + port,
                    target(files).get("loadlab.reach"));
            String wire = Files.readString(files.wireFile(dev.loadlab.settings.Wire.HTTP1));
            assertTrue(wire.contains("target.api.host=localhost\n"), wire);
            assertTrue(wire.contains("target.api.basePath=/v1\n"), wire);
        }
    }

    @Test
    void shouldStopBeforeAnythingStartsWhenANamedTargetIsSilent(@TempDir Path dir) throws Exception {
        int closed = TestTargets.closedPort();
        BuildFiles files = build(dir);
        Settings settings = Settings.of(
                Map.of("target.waitSeconds", "1", "target.api.url", "http://127.0.0.1:" + closed, "live", "false"));

        assertEquals(1, ServerControl.up(settings, files, THIS_JVM));

        assertFalse(Files.exists(files.targetFile()), "no target written: nothing loads");
        assertFalse(Files.exists(files.serverDir().resolve(ServerProcess.PID_FILE)), "no server started");
    }
}
