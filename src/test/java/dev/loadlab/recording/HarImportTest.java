package dev.loadlab.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.jmeter.PlanCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HAR import on a real recording: headless Chromium opening the reference server's demo page
 * (scripts/record-har.mjs, src/test/resources/dev/loadlab/recording/demo-shop.har), with its style sheet and script, a
 * session cookie and a bearer token the page sends along.
 */
class HarImportTest {
    private static final Path RECORDING = Path.of("src/test/resources/dev/loadlab/recording/demo-shop.har");

    @TempDir
    Path project;

    @Test
    void shouldKeepThePagesCallsInOrderAndLeaveItsStaticResourcesOut() throws Exception {
        Har.Read read = Har.read(RECORDING, false);
        assertEquals(
                List.of(
                        "GET /demo/",
                        "GET /payload",
                        "POST /demo/cart",
                        "GET /demo/continue",
                        "GET /users/getAllUsers"),
                read.requests().stream().map(Recorded::name).toList());
        assertEquals(2, read.leftOutStatic(), "demo.css and demo.js");
        Recorded payload = read.requests().get(1);
        assertEquals("/payload?kb=2", payload.pathAndQuery());
        Recorded cart = read.requests().get(2);
        assertEquals("POST", cart.method());
        assertEquals(201, cart.status());
        assertTrue(cart.body().startsWith("{\"items\":[{\"sku\":\"book-42\""), cart.body());
        assertEquals(Map.of("Accept", "application/json", "Content-Type", "application/json"), cart.headers());
        assertTrue(cart.pauseMs() >= 250, "the page thinks 300 ms before the cart: " + cart.pauseMs());
        assertEquals(302, read.requests().get(3).status(), "the redirect and the request that followed are two");
        assertEquals(7, Har.read(RECORDING, true).requests().size(), "-Dhar.static=true keeps them");
    }

    @Test
    void shouldWriteASimulationAndAPlanThatCopyNoCookieOrCredential() throws Exception {
        ImportedProject shop = ImportedProject.importing(project, RECORDING, "shop");
        assertTrue(shop.said().contains("mvn verify -Dexperiments=shop"), shop.said());
        String simulation = shop.simulation();
        String plan = shop.plan();
        for (String text : List.of(simulation, plan)) {
            assertFalse(text.contains("recorded-cookie-to-be-left-out"), "the session cookie is left out");
            assertFalse(text.contains("recorded-token-to-be-left-out"), "the bearer token is left out");
            assertFalse(text.contains("HeadlessChrome"), "the browser's own headers are left out");
            assertFalse(text.contains("18090/"), "requests go to the target's URL; the recording's host is only named");
        }
        assertTrue(simulation.contains("class ShopSimulation extends OwnSimulation"), simulation);
        assertTrue(simulation.contains("request(\"POST /demo/cart\", \"POST\", \"/demo/cart\")"), simulation);
        assertTrue(simulation.contains(".check(status.is(302))"), simulation);
        assertTrue(simulation.contains(".pause("), simulation);
        assertTrue(plan.contains("${__P(shop.users)}") && plan.contains("${__P(shop.durationSeconds)}"), plan);
        assertTrue(plan.contains("X-Loadlab-Tag</stringProp>"), "the HTTP/1.1 sampler's header manager tags it");
        assertTrue(plan.contains("X-Loadlab-Tag: jmeter-${__P(wire,gui)}-shop.post-demo-cart"), plan);
        // redirects not followed: both switches left out (off), as JMeter's GUI saves them
        assertFalse(plan.contains("redirects\">true"), plan);
        assertEquals(List.of(), PlanCheck.check(project.resolve("jmeter"), "shop"), "JMeter's own parser reads it");
    }

    @Test
    void shouldLeaveOutCredentialsInTheQueryMakeTypedOnesSecretsAndLeaveOutOtherHosts() throws Exception {
        Path har = project.resolve("login.har");
        Files.writeString(har, """
                {"log":{"entries":[
                 {"startedDateTime":"2026-11-26T10:00:00.000Z","time":10,
                  "request":{"method":"POST","url":"https://shop.example/login?next=/cart&api_key=k1&token=t1",
                   "headers":[{"name":"X-Api-Key","value":"k2"},{"name":"X-Trace","value":"on"},
                              {"name":"Content-Type","value":"application/json"}],
                   "postData":{"mimeType":"application/json","text":"{\\"user\\":\\"ann\\",\\"password\\":\\"p1\\"}"}},
                  "response":{"status":200,"content":{"mimeType":"application/json"}}},
                 {"startedDateTime":"2026-11-26T10:00:01.000Z","time":10,"_resourceType":"preflight",
                  "request":{"method":"OPTIONS","url":"https://shop.example/login","headers":[]},
                  "response":{"status":204,"content":{"mimeType":"text/plain"}}},
                 {"startedDateTime":"2026-11-26T10:00:02.000Z","time":10,
                  "request":{"method":"GET","url":"https://fonts.example/a.woff2","headers":[]},
                  "response":{"status":200,"content":{"mimeType":"font/woff2"}}},
                 {"startedDateTime":"2026-11-26T10:00:02.500Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/login?next=/cart","headers":[]},
                  "response":{"status":200,"content":{"mimeType":"text/html"}}}]}}
                """);
        Har.Read read = Har.read(har, false);
        assertEquals(1, read.leftOutOtherHosts());
        assertEquals(2, read.requests().size(), "the browser's own preflight is never replayed");
        Recorded login = read.requests().get(0);
        assertEquals("/login?next=/cart", login.pathAndQuery());
        assertEquals(Map.of("X-Trace", "on", "Content-Type", "application/json"), login.headers());
        assertEquals("{\"user\":\"ann\",\"password\":\"{{loadlab:password}}\"}", login.body(), "typed: a secret");
        assertEquals(java.util.Set.of("password"), read.secrets());
        Recorded again = read.requests().get(1);
        assertEquals("GET /login", again.name());
        assertEquals(2490, again.pauseMs(), "from the end of the first request to the start of the next");
    }

    @Test
    void shouldRefuseABadSettingInOneLineAndWriteNothingOverAFile() throws Exception {
        ImportedProject.copyRecording(project, RECORDING, "shop.har");
        Files.writeString(project.resolve("jmeter/shop.jmx"), "mine");
        assertEquals(
                "-Dhar.name=shop is not allowed: jmeter/shop.jmx exists; expected the name of no scenario yet",
                assertThrows(IllegalArgumentException.class, () -> HarImport.run(project, "shop.har", "", "false"))
                        .getMessage());
        assertEquals("mine", Files.readString(project.resolve("jmeter/shop.jmx")));
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> HarImport.run(project, "shop.har", "api-gateway-2", "false"))
                .getMessage()
                .startsWith("-Dhar.name=api-gateway-2 is not allowed: expected lower-case words"));
        assertEquals(
                "-Dhar.static=yes is not allowed: expected true or false",
                assertThrows(IllegalArgumentException.class, () -> HarImport.run(project, "shop.har", "x2", "yes"))
                        .getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HarImport.run(project, "", "", "false"))
                .getMessage()
                .startsWith("-Dhar is not set"));
        assertEquals("DemoShopSimulation", HarImport.className("demo-shop"));
    }

    @Test
    void shouldReplayAnOriginMappedToANamedTargetAgainstItAndListTheOriginsLeftOut() throws Exception {
        Path har = Files.writeString(project.resolve("journey.har"), """
                {"log":{"entries":[
                 {"startedDateTime":"2026-11-29T10:00:00.000Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/","headers":[]},
                  "response":{"status":200,"content":{"mimeType":"text/html"}}},
                 {"startedDateTime":"2026-11-29T10:00:00.100Z","time":10,
                  "request":{"method":"GET","url":"https://api.shop.example:443/v1/orders?page=1","headers":[]},
                  "response":{"status":200,"content":{"mimeType":"application/json"}}},
                 {"startedDateTime":"2026-11-29T10:00:00.200Z","time":10,
                  "request":{"method":"POST","url":"https://stats.example/collect","headers":[]},
                  "response":{"status":204,"content":{"mimeType":"text/plain"}}}]}}
                """);

        ImportedProject journey = ImportedProject.of(
                project,
                "journey",
                HarImport.run(
                        project, har.getFileName().toString(), "", "false", "true", "api=https://api.shop.example"));

        assertTrue(journey.simulation().contains("request(\"GET /\", \"GET\", \"/\")"), journey.simulation());
        assertTrue(
                journey.simulation()
                        .contains("request(\"GET /v1/orders\", \"GET\", targetUrl(\"api\") + \"/v1/orders?page=1\")"),
                journey.simulation());
        assertTrue(journey.plan().contains("${__P(target.api.url)}/v1/orders?page=1"), journey.plan());
        assertTrue(journey.said().contains("target api: its requests go to target.api.url"), journey.said());
        assertTrue(
                journey.said()
                        .contains(
                                "left out: 1 request to https://stats.example (no target is named for it:"
                                        + " -Dhar.targets=<name>=https://stats.example replays them against target.<name>.url)"),
                journey.said());
        assertTrue(assertThrows(
                        IllegalArgumentException.class,
                        () -> HarImport.run(project, "journey.har", "other", "false", "true", "API=ftp://x"))
                .getMessage()
                .startsWith("-Dhar.targets=API=ftp://x is not allowed: expected name=origin pairs"));
    }
}
