package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** -Dreplay=true in a team's project: what it replays, and what it refuses before anything runs. */
class ReplayRunsTest {
    @TempDir
    Path project;

    private List<OwnScenarios> shop() throws IOException {
        Files.createDirectories(project.resolve("src/test/scala/recorded"));
        Files.writeString(project.resolve("src/test/scala/recorded/ShopSimulation.scala"), "package recorded\n");
        return OwnScenarios.discover(project);
    }

    @Test
    void shouldReplayEachOwnJourneyOnceByOneUserOnTheFirstWireTheTargetHas() throws IOException {
        List<OwnScenarios> own = shop();
        Settings given = Settings.of(Map.of("replay", "true", "experiments", "shop", "shop.users", "20"));
        assertEquals(Optional.empty(), ReplayRuns.problem(given, own));
        Settings replay = ReplayRuns.narrow(given, own);
        assertEquals("1", replay.get(dev.loadlab.settings.OwnKnobs.users("shop")));
        assertEquals("0", replay.get(dev.loadlab.settings.OwnKnobs.rampSeconds("shop")));
        assertEquals(List.of(Wire.HTTP1_TLS), Runs.of(replay, own).gatlingWires(), "the embedded target: TLS");
        Settings cleartext =
                ReplayRuns.narrow(Settings.of(Map.of("replay", "true", "target.url", "http://127.0.0.1:8080")), own);
        assertEquals(List.of(Wire.HTTP1), Runs.of(cleartext, own).gatlingWires(), "a cleartext target: HTTP/1.1");
        Settings chosen = ReplayRuns.narrow(Settings.of(Map.of("replay", "true", "wires", "h2")), own);
        assertEquals(List.of(Wire.H2), Runs.of(chosen, own).gatlingWires(), "-Dwires chooses");
        Settings load = Settings.of(Map.of("experiments", "shop"));
        assertSame(load, ReplayRuns.narrow(load, own), "no replay: the settings as given");
    }

    @Test
    void shouldRefuseToReplayAStudyOrAProjectWithNoJourneyOfItsOwnInOneLine() throws IOException {
        String study = ReplayRuns.problem(
                        Settings.of(Map.of("replay", "true", "experiments", "shop,api-gateway")), shop())
                .orElseThrow();
        assertEquals(
                "-Dreplay=true is not allowed with -Dexperiments=shop,api-gateway: expected experiments of your"
                        + " own only (shop)",
                study);
        String none = ReplayRuns.problem(Settings.of(Map.of("replay", "true")), List.of())
                .orElseThrow();
        assertTrue(none.contains("this project has none"), none);
    }
}
