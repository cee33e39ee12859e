package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.live.LivePage;
import dev.loadlab.server.ReferenceServer;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.shared.TrustStore;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build's target: started (or checked), written down once, stopped; and gone when its build dies. */
@Tag("long")
class ServerControlIT {
    /** Every experiment but the gateway's, which starts a second server as its upstream (two tests below ask for it). */
    private static final Settings SMOKE = Settings.of(Map.of(
            "target.waitSeconds",
            "60",
            "experiments",
            "api-gateway,latency,odata-write,bulk,calibration",
            "live",
            "false"));

    static final Settings WITH_GATEWAY = Settings.of(Map.of("target.waitSeconds", "60"));
    /** Any server a test leaks dies with this JVM. */
    static final long THIS_JVM = ProcessHandle.current().pid();

    /** A build directory as Maven lays it out: target/loadlab/settings.properties. */
    static BuildFiles build(Path buildDir) throws IOException {
        Path settings = buildDir.resolve("loadlab").resolve("settings.properties");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "scale=smoke\n");
        return new BuildFiles(settings);
    }

    static Map<String, String> target(BuildFiles files) throws IOException {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(files.targetFile())) {
            p.load(in);
        }
        Map<String, String> values = new HashMap<>();
        p.forEach((k, v) -> values.put(k.toString(), v.toString()));
        return values;
    }

    static ProcessHandle server(BuildFiles files) throws IOException {
        return process(files.serverDir());
    }

    static JsonNode metrics(String baseUrl) throws Exception {
        return new ObjectMapper()
                .readTree(HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(URI.create(baseUrl + "/metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
    }

    /** The process whose pid file is in {@code dir}. */
    static ProcessHandle process(Path dir) throws IOException {
        return ProcessHandle.of(Long.parseLong(
                        Files.readString(dir.resolve(ServerProcess.PID_FILE)).trim()))
                .orElseThrow();
    }

    static int status(String url) throws Exception {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .build()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    @Test
    void shouldStartAServerThatAnswersAndStopItCompletelySavingItsOwnCountsFirst(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        assertEquals(0, ServerControl.up(SMOKE, files, THIS_JVM));
        ProcessHandle server = server(files);
        try {
            assertEquals(200, status(target(files).get("target.url") + "/health"));
            for (int i = 0; i < 3; i++) {
                assertEquals(200, status(target(files).get("target.url") + "/calibrate?tag=test-http1-fast-measured"));
            }
            String pem = Files.readString(files.serverDir().resolve(ServerProcess.CERT_PEM));
            assertTrue(pem.startsWith("-----BEGIN CERTIFICATE-----"), pem);
            assertFalse(pem.contains("PRIVATE KEY"), "only the public certificate is written");
        } finally {
            assertEquals(0, ServerControl.down(files));
        }
        assertTrue(ServerProcess.ended(server), "the server process must be gone after down");
        String counts = Files.readString(files.settingsFile().resolveSibling(ServerCounts.FILE));
        assertTrue(counts.contains("\"test-http1-fast-measured\":{\"count\":3,"), counts);
        assertFalse(Files.exists(files.serverDir().resolve(ServerProcess.PID_FILE)));
        assertEquals(0, ServerControl.down(files), "stopping twice is harmless");
    }

    @Test
    void shouldWriteTheTargetWithTheServersRealPorts(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        assertEquals(dir.resolve("reference-server"), files.serverDir());
        assertEquals(0, ServerControl.up(SMOKE, files, THIS_JVM));
        try {
            Map<String, String> target = target(files);
            String log = Files.readString(files.serverDir().resolve(ServerProcess.LOG_FILE));
            String http = target.get("target.url");
            String tls = target.get("target.tlsUrl");
            assertTrue(log.contains("ready: http=" + http + " tls=" + tls + " "), log);
            assertNotEquals(0, URI.create(http).getPort());
            assertNotEquals(0, URI.create(tls).getPort());
            assertEquals(200, status(http + "/health"));
            assertEquals(files.serverDir().resolve("cert.pem").toString(), target.get("jmeter.trustedCertificate"));
            assertEquals(
                    files.serverDir().resolve("truststore.p12").toString(), target.get("gatling.ssl.trustStore.file"));
            // Every tool reads it through Settings: the values pass the catalogue's checks.
            Settings read = Settings.of(target);
            assertEquals(http, read.get(TargetKnobs.URL));
            assertEquals(tls, read.get(TargetKnobs.TLS_URL));
        } finally {
            ServerControl.down(files);
        }
    }

    @Test
    void shouldSetTheBuildsFaultsOnlyOnceTheContractCheckPassedAndWriteTheAdminUrl(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        // Every counted request would fail the contract check, had the server started with these faults.
        Settings faulty = Settings.of(Map.of(
                "target.waitSeconds", "60", "faults.statusRate", "1", "faults.statuses", "502", "live", "false"));
        assertEquals(0, ServerControl.up(faulty, files, THIS_JVM));
        try {
            Map<String, String> target = target(files);
            URI admin = URI.create(target.get(ServerControl.ADMIN_URL));
            assertEquals("127.0.0.1", admin.getHost());
            assertNotEquals(0, admin.getPort());
            String log = Files.readString(files.serverDir().resolve(ServerProcess.LOG_FILE));
            assertTrue(log.contains(" admin=" + admin + " "), log);
            assertEquals(502, status(target.get("target.url") + "/users/getAllUsers"));
            assertEquals(200, status(target.get("target.url") + "/health"));
            HttpResponse<String> state = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(admin.resolve("/faults")).build(),
                            HttpResponse.BodyHandlers.ofString());
            assertTrue(state.body().contains("\"statusRate\":1.0"), state.body());
            assertTrue(state.body().contains("\"502\":1,"), state.body());
        } finally {
            ServerControl.down(files);
        }
    }

    @Test
    void shouldRefuseFaultsForAUsersOwnTarget(@TempDir Path dir) throws Exception {
        Settings external = Settings.of(Map.of("target.url", "http://127.0.0.1:9", "faults.resetRate", "0.05"));
        String message = assertThrows(SettingError.class, () -> ServerControl.up(external, build(dir), THIS_JVM))
                .getMessage();
        assertTrue(message.startsWith("faults.* are not allowed with -Dtarget.url"), message);
    }

    @Test
    void shouldWriteATrustStoreHoldingExactlyTheServersCertificate(@TempDir Path dir) throws Exception {
        BuildFiles files = build(dir);
        assertEquals(0, ServerControl.up(SMOKE, files, THIS_JVM));
        try {
            KeyStore store = TrustStore.read(Path.of(target(files).get("gatling.ssl.trustStore.file")));
            List<String> aliases = Collections.list(store.aliases());
            assertEquals(1, aliases.size(), aliases.toString());
            assertTrue(store.isCertificateEntry(aliases.get(0)), "a certificate, no key");
            URI tls = URI.create(target(files).get("target.tlsUrl"));
            try (SSLSocket socket = (SSLSocket)
                    TrustStore.trusting(store).getSocketFactory().createSocket(tls.getHost(), tls.getPort())) {
                Certificate[] shown = socket.getSession().getPeerCertificates();
                assertEquals(store.getCertificate(aliases.get(0)), shown[0], "the certificate the TLS port shows");
            }
        } finally {
            ServerControl.down(files);
        }
    }

    @Test
    void shouldExitWhenTheProcessItWatchesEnds(@TempDir Path dir) throws Exception {
        Process build = new ProcessBuilder("sleep", "120").start(); // stands in for a Maven JVM killed with -9
        BuildFiles files = build(dir);
        try {
            assertEquals(0, ServerControl.up(WITH_GATEWAY, files, build.pid()));
            ProcessHandle server = server(files);
            ProcessHandle upstream = process(files.companionDir("gateway-upstream"));
            ProcessHandle page = ProcessHandle.of(Long.parseLong(
                            Files.readString(files.settingsFile().getParent().resolve(LivePage.PID_FILE))
                                    .strip()))
                    .orElseThrow();
            build.destroyForcibly().waitFor();
            for (ProcessHandle p : List.of(server, upstream, page)) {
                assertTrue(
                        p.onExit()
                                .completeOnTimeout(null, 20, TimeUnit.SECONDS)
                                .thenApply(exited -> exited != null)
                                .get(),
                        "a server outlived the process it watched");
            }
        } finally {
            build.destroyForcibly();
            ServerControl.down(files);
        }
    }

    @Test
    void shouldFailWithinSecondsForATargetThatDoesNotAnswer(@TempDir Path dir) throws Exception {
        int port = TestTargets.closedPort();
        BuildFiles files = build(dir);
        long started = System.nanoTime();
        assertEquals(
                1,
                ServerControl.up(
                        Settings.of(Map.of(
                                "target.url", "http://127.0.0.1:" + port, "target.waitSeconds", "2", "live", "false")),
                        files,
                        THIS_JVM));
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
        assertFalse(Files.exists(files.targetFile()), "no target is written for a target that does not answer");
        SettingError notAUrl = assertThrows(
                SettingError.class,
                () -> ServerControl.up(Settings.of(Map.of("target.url", "127.0.0.1:" + port)), files, THIS_JVM));
        assertTrue(
                notAUrl.getMessage().startsWith("-Dtarget.url=127.0.0.1:" + port + " is not allowed: expected"),
                notAUrl.getMessage());
    }

    @Test
    void shouldHandOnAnExternalTargetThatAnswersUnchanged(@TempDir Path dir) throws Exception {
        try (ReferenceServer external = TestTargets.referenceServer()) {
            BuildFiles files = build(dir);
            String url = external.httpUri().toString();
            assertEquals(0, ServerControl.up(Settings.of(Map.of("target.url", url, "live", "false")), files, THIS_JVM));
            assertEquals(
                    Map.of(
                            "target.url",
                            url,
                            "target.tlsUrl",
                            url,
                            "jmeter.trustedCertificate",
                            "",
                            "gatling.ssl.trustStore.file",
                            "",
                            "target.adminUrl",
                            "",
                            "loadlab.reach",
                            "target=127.0.0.1:" + external.httpUri().getPort(),
                            // no build.properties here: no wire flagged for Gatling
                            "loadlab.gatlingWires",
                            ""),
                    target(files));
            assertFalse(Files.exists(files.serverDir()), "no embedded server for an external target");
            assertEquals(0, ServerControl.down(files), "nothing to stop");
            assertFalse(
                    Files.exists(files.settingsFile().resolveSibling(ServerCounts.FILE)),
                    "nothing is asked of a target the build did not start");
        }
    }

    @Test
    void shouldStopWithTheServersLogWhenItCannotStart(@TempDir Path dir) throws Exception {
        int closed = TestTargets.closedPort();
        BuildFiles files = build(dir);
        Settings noDatabase = Settings.of(
                Map.of("target.waitSeconds", "30", "server.dbUrl", "jdbc:h2:tcp://127.0.0.1:" + closed + "/mem:none"));
        assertEquals(1, ServerControl.up(noDatabase, files, THIS_JVM));
        List<String> log = Files.readAllLines(files.serverDir().resolve(ServerProcess.LOG_FILE));
        assertTrue(log.stream().anyMatch(l -> l.contains("cannot start")), String.join("\n", log));
        assertFalse(Files.exists(files.serverDir().resolve(ServerProcess.PID_FILE)));
        assertFalse(Files.exists(files.targetFile()));
    }
}
