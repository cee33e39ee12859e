package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.studies.apigateway.ApiGatewayKnobs;
import dev.loadlab.studies.calibration.CalibrationKnobs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A team's loadlab.properties: read under the command line, a secret refused, each value's origin known. */
class SettingsFileTest {
    @TempDir
    Path project;

    private Settings build(Map<String, String> system) {
        return Settings.forBuild(project, system, Map.of());
    }

    @Test
    void shouldReadTheProjectsFileUnderTheCommandLinesValues() throws Exception {
        Files.writeString(project.resolve("loadlab.properties"), "scale=full\napi.path=/shop\ncalibration.users=7\n");

        // the pom hands an empty scale when no profile set it: the file's value stands; a -D given wins
        Settings s = build(Map.of("scale", "", "calibration.users", "9"));

        assertEquals(Scale.FULL, s.scale());
        assertEquals("/shop", s.get(ApiGatewayKnobs.API_PATH));
        assertEquals(9, s.integer(CalibrationKnobs.USERS));
        assertEquals("loadlab.properties", s.origin("api.path"));
        assertEquals("-D", s.origin("calibration.users"));
        assertEquals("default", s.origin("calibration.latencyMs"));
        assertEquals(List.of("api.path", "scale"), s.fromFile());
    }

    @Test
    void shouldReadTheFileTheCommandLineNamesAndRefuseOneThatIsNotThere() throws Exception {
        Files.createDirectories(project.resolve("ci"));
        Files.writeString(project.resolve("ci/nightly.properties"), "calibration.users=3\n");

        assertEquals(
                3, build(Map.of("loadlab.settings", "ci/nightly.properties")).integer(CalibrationKnobs.USERS));
        assertEquals(
                "ci/nightly.properties",
                build(Map.of("loadlab.settings", "ci/nightly.properties")).origin("calibration.users"));
        SettingError missing = assertThrows(SettingError.class, () -> build(Map.of("loadlab.settings", "ci/none")));
        assertEquals(
                "-Dloadlab.settings=ci/none is not allowed: expected a properties file of settings"
                        + " (docs/properties.md), relative to the project's folder ("
                        + project.toAbsolutePath().normalize() + ")",
                missing.getMessage());
    }

    @Test
    void shouldRefuseASecretInTheFileInOneLineNamingTheFileAndTheVariable() throws Exception {
        Files.writeString(project.resolve("loadlab.properties"), "target.token=abc123\n");

        assertEquals(
                List.of("target.token in loadlab.properties is not allowed: a secret is read only from the environment"
                        + " variable LOADLAB_TARGET_TOKEN"),
                build(Map.of()).problems());
    }

    @Test
    void shouldNameTheFileOfAValueThatIsNotAllowed() throws Exception {
        Files.writeString(project.resolve("loadlab.properties"), "calibration.users=many\n");

        SettingError bad =
                assertThrows(SettingError.class, () -> build(Map.of()).integer(CalibrationKnobs.USERS));
        assertEquals(
                "calibration.users=many is not allowed: expected " + CalibrationKnobs.USERS.allowed()
                        + " (in loadlab.properties)",
                bad.getMessage());
    }
}
