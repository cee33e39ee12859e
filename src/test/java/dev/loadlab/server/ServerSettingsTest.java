package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.SettingError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ServerSettingsTest {

    private static String refusal(String name, String value) {
        return assertThrows(SettingError.class, () -> ServerSettings.of(Map.of(name, value)))
                .getMessage();
    }

    @Test
    void shouldRefuseADatabaseUrlWhoseDriverIsNotOnTheClassPathNamingTheDriversToAdd() {
        String line = refusal("server.dbUrl", "jdbc:db2://127.0.0.1:50000/shop:password=hunter2;");

        assertTrue(line.startsWith("-Dserver.dbUrl=jdbc:db2://127.0.0.1:50000/shop"), line);
        assertTrue(line.contains("driver is on the class path") && line.contains("org.postgresql:postgresql"), line);
        assertFalse(line.contains("hunter2"), line);
        assertEquals(1, line.lines().count());
        assertEquals(
                "jdbc:h2:mem:x",
                ServerSettings.of(Map.of("server.dbUrl", "jdbc:h2:mem:x")).dbUrl());
    }

    @Test
    void shouldUseDocumentedDefaults() {
        ServerSettings s = ServerSettings.of(Map.of());
        assertEquals(8080, s.httpPort());
        assertEquals(8443, s.tlsPort());
        assertEquals("127.0.0.1", s.bindHost());
        assertEquals(8L * 1024 * 1024, s.maxBodyBytes());
        assertEquals("", s.dbUrl());
    }

    @Test
    void shouldHaveEveryFaultOffByDefault() {
        FaultSettings faults = ServerSettings.of(Map.of()).faults();
        assertEquals(FaultSettings.OFF, faults);
        assertFalse(faults.drawsFaults());
        assertEquals(0, faults.outageSeconds());
        assertEquals(List.of(500, 502, 503), faults.statuses());
        assertEquals(0, ServerSettings.of(Map.of()).adminPort(), "a free port unless one is named");
    }

    @Test
    void shouldRefuseABadFaultInOneLineNamingItsAllowedValues() {
        assertEquals(
                "-Dfaults.resetRate=0.5x is not allowed: expected a number in [0, 1]",
                refusal("faults.resetRate", "0.5x"));
        assertEquals(
                "-Dfaults.statuses=500,504 is not allowed: expected a comma-separated list of 500|502|503",
                refusal("faults.statuses", "500,504"));
        String unknown = refusal("faults.resetrate", "0.1");
        assertTrue(
                unknown.startsWith("-Dfaults.resetrate is not allowed: expected one of faults.outageAfterSeconds,"),
                unknown);
        assertTrue(unknown.contains("faults.resetRate"), unknown);
        String sum = assertThrows(
                        SettingError.class,
                        () -> ServerSettings.of(Map.of("faults.statusRate", "0.5", "faults.stallRate", "0.75")))
                .getMessage();
        assertEquals(
                "faults.statusRate + faults.resetRate + faults.stallRate = 1.25 is not allowed: expected at most 1"
                        + " (one fault a request)",
                sum);
    }

    @Test
    void shouldNameTheSettingAndItsRangeWhenOutOfRange() {
        assertEquals(
                "-Dserver.httpPort=70000 is not allowed: expected an integer in [0, 65535]",
                refusal("server.httpPort", "70000"));
    }

    @Test
    void shouldNameTheSettingWhenNotANumber() {
        assertEquals(
                "-Dserver.maxInFlight=lots is not allowed: expected an integer in [1, 1000000]",
                refusal("server.maxInFlight", "lots"));
    }

    @Test
    void shouldListKnownNamesForAnUnknownSettingWithoutShowingItsValue() {
        String message = refusal("server.dbPasword", "s3cret");
        assertTrue(message.startsWith("-Dserver.dbPasword is not allowed: expected one of server."), message);
        assertTrue(message.contains("server.bindHost"), message);
        assertTrue(message.contains("server.httpPort"), message);
        assertFalse(message.contains("s3cret"), message);
    }

    @Test
    void shouldRefuseAnUpstreamThatIsNotAnHttpUrl() {
        String message = refusal("server.gatewayUpstream", "ftp://x");
        assertTrue(
                message.startsWith("-Dserver.gatewayUpstream=ftp://x is not allowed: expected http://host:port"),
                message);
    }

    @Test
    void shouldRefuseAnOldStyleFlagAndNameThePropertySpelling() {
        String message = assertThrows(
                        SettingError.class, () -> ReferenceServer.refuseArguments(new String[] {"--http-port=0"}))
                .getMessage();
        assertTrue(
                message.startsWith("argument --http-port=0 is not read") && message.contains("-Dserver.httpPort=0"),
                message);
    }

    @Test
    void shouldStopTheServerProcessWithOneLineAndStatus2BeforeBindingAPort() throws Exception {
        Process server = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        "-Dserver.httpPort=70000",
                        ReferenceServer.class.getName())
                .redirectErrorStream(true)
                .start();
        String output = new String(server.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(server.waitFor(30, TimeUnit.SECONDS));
        assertEquals(2, server.exitValue(), output);
        assertEquals(
                "loadlab server: -Dserver.httpPort=70000 is not allowed: expected an integer in [0, 65535]\n", output);
    }
}
