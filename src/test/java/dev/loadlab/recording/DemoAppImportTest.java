package dev.loadlab.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.jmeter.PlanCheck;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HAR import on a recording of an app with a login: headless Chromium logging in to the reference server's demo
 * app (scripts/record-har.mjs, src/test/resources/dev/loadlab/recording/demo-app.har), whose CSRF field, session
 * cookie, redirect, bearer token and order id the server made at random.
 */
class DemoAppImportTest {
    private static final Path RECORDING = Path.of("src/test/resources/dev/loadlab/recording/demo-app.har");

    @TempDir
    Path project;

    /** The values the recording's server made, as recorded: none may stand in what the import writes. */
    private static List<String> madeByTheServer() throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode e :
                new ObjectMapper().readTree(RECORDING.toFile()).path("log").path("entries")) {
            for (Offered.Value v : Offered.of(e.path("response"))) {
                out.add(v.value());
            }
        }
        return out;
    }

    @Test
    void shouldCarryEachValueTheServerMadeFromItsAnswerToWhereTheBrowserSentIt() throws Exception {
        Har.Read read = Har.read(RECORDING, false);
        assertEquals(
                List.of(
                        "GET /demo/app/login",
                        "POST /demo/app/login",
                        "GET /demo/app/shop",
                        "POST /demo/app/api/token",
                        "POST /demo/app/api/orders",
                        "GET /demo/app/api/orders/{id}",
                        "GET /demo/app/api/orders"),
                read.requests().stream().map(Recorded::name).toList());
        assertEquals(
                List.of(
                        // base64 with '+' and '=': the browser sent it URL-encoded, as the writers do at replay
                        "csrf: from GET /demo/app/login hidden input csrf -> body (URL-encoded) of POST"
                                + " /demo/app/login",
                        "visit: from POST /demo/app/login redirect's query visit -> query of GET /demo/app/shop",
                        "token: from POST /demo/app/api/token answer $.token -> header Authorization of POST"
                                + " /demo/app/api/orders, header Authorization of GET /demo/app/api/orders/{id}, header"
                                + " Authorization of GET /demo/app/api/orders",
                        "id: from POST /demo/app/api/orders answer $.id -> path of GET /demo/app/api/orders/{id},"
                                + " query of GET /demo/app/api/orders"),
                read.said());
        assertEquals(List.of(), read.suspects(), "every value that looks made is carried");
        assertEquals(Set.of("password"), read.secrets(), "what the user typed");
        Recorded login = read.requests().get(1);
        assertEquals("csrf={{loadlab:csrf|url}}&user=alice&password={{loadlab:password|url}}", login.body());
        assertEquals(
                "/demo/app/api/orders?id={{loadlab:id}}", read.requests().get(6).pathAndQuery());
        assertEquals(
                "Bearer {{loadlab:token}}", read.requests().get(4).headers().get("Authorization"));
        assertFalse(read.requests().get(2).headers().containsKey("Referer"), "the browser's own header is not sent");
    }

    @Test
    void shouldWriteBothToolsExtractionsAndTheSecretsNamesButNoValueTheRecordingHeld() throws Exception {
        ImportedProject demoApp = ImportedProject.importing(project, RECORDING, "demo-app");
        assertTrue(demoApp.said().contains("LOADLAB_DEMO_APP_PASSWORD"), demoApp.said());
        String secrets = Files.readString(project.resolve("src/test/resources/loadlab/demo-app.secrets"));
        String recorded = Files.readString(project.resolve("src/test/resources/loadlab/demo-app.recorded.tsv"));
        assertTrue(
                recorded.endsWith("GET /demo/app/login\t200\nPOST /demo/app/login\t302\nGET /demo/app/shop\t200\n"
                        + "POST /demo/app/api/token\t200\nPOST /demo/app/api/orders\t201\nGET /demo/app/api/orders/{id}\t200\n"
                        + "GET /demo/app/api/orders\t200\n"),
                recorded);
        List<String> literals = new ArrayList<>(madeByTheServer());
        literals.add("typed-at-recording"); // the password typed at recording
        for (String text : List.of(demoApp.simulation(), demoApp.plan(), secrets, recorded, demoApp.said())) {
            for (String literal : literals) {
                assertFalse(text.contains(literal), literal + " was written");
            }
        }
        for (String check : List.of(
                "css(\"input[name='csrf']\", \"value\").saveAs(\"csrf\")",
                "headerRegex(\"Location\", \"[?&]visit=([^&#]*)\").saveAs(\"visit\")",
                "jsonPath(\"$.token\").saveAs(\"token\")",
                ".header(\"Authorization\", \"Bearer #{token}\")",
                "\"/demo/app/api/orders/#{id}\"",
                "StringBody(\"csrf=#{csrf_url}&user=alice&password=#{password_url}\")",
                "css(\"input[name='csrf']\", \"value\").transform(v => java.net.URLEncoder.encode(v, \"UTF-8\"))"
                        + ".saveAs(\"csrf_url\")",
                "\"password_url\" -> java.net.URLEncoder.encode(secret(\"password\"), \"UTF-8\")",
                "secret(\"password\")")) {
            assertTrue(demoApp.simulation().contains(check), check + " in\n" + demoApp.simulation());
        }
        for (String element : List.of(
                "<HtmlExtractor ",
                "<RegexExtractor ",
                "<JSONPostProcessor ",
                "<CookieManager ",
                "<boolProp name=\"cookies\">true</boolProp>",
                "<boolProp name=\"Assertion.assume_success\">true</boolProp>",
                "Bearer ${token}",
                "csrf=${__urlencode(${csrf})}&amp;user=alice&amp;password=${__urlencode(${password})}",
                "/demo/app/api/orders/${id}",
                "System.getenv(&apos;LOADLAB_DEMO_APP_PASSWORD&apos;)",
                "<dev.loadlab.jmeter.ReplayListener ",
                "<stringProp name=\"IfController.condition\">${__P(replay,false)}</stringProp>")) {
            assertTrue(demoApp.plan().contains(element), element);
        }
        assertEquals(List.of(), PlanCheck.check(project.resolve("jmeter"), "demo-app"), "JMeter's own parser reads it");
    }

    @Test
    void shouldReplayTheRecordedLiteralsWhenCarryingIsOffAndSayEachThatLooksMade() throws Exception {
        Har.Read literal = Har.read(RECORDING, false, false, java.util.Map.of());
        assertEquals(List.of(), literal.said(), "nothing carried");
        String name = literal.requests().get(5).name();
        assertTrue(name.matches("GET /demo/app/api/orders/ord-[0-9a-f]{12}"), name + ": the recorded id, kept");
        assertEquals(3, literal.suspects().size(), literal.suspects().toString());
        assertFalse(literal.requests().get(4).headers().containsKey("Authorization"), "a credential not carried");
    }

    @Test
    void shouldLeaveOutTheBrowsersOwnRequestsAndTellWhatLooksMadeButIsNotCarried() throws Exception {
        Path har = project.resolve("own.har");
        Files.writeString(har, """
                {"log":{"entries":[
                 {"startedDateTime":"2026-11-26T10:00:00.000Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/a?ref=c2f1a9e8d7b6a5f4e3d2","headers":[]},
                  "response":{"status":200,"content":{"mimeType":"text/html","text":"<p>a</p>"}}},
                 {"startedDateTime":"2026-11-26T10:00:01.000Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/favicon.ico","headers":[]},
                  "response":{"status":404,"content":{"mimeType":"text/plain"}}},
                 {"startedDateTime":"2026-11-26T10:00:02.000Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/next","headers":[{"name":"Sec-Purpose","value":"prefetch"}]},
                  "response":{"status":200,"content":{"mimeType":"text/html","text":""}}},
                 {"startedDateTime":"2026-11-26T10:00:03.000Z","time":10,
                  "request":{"method":"GET","url":"https://shop.example/missing","headers":[]},
                  "response":{"status":404,"content":{"mimeType":"text/html","text":""}}}]}}
                """);
        Har.Read read = Har.read(har, false);
        assertEquals(
                List.of("GET /a", "GET /missing"),
                read.requests().stream().map(Recorded::name).toList());
        assertEquals(2, read.leftOutBrowserOwn(), "the favicon and the prefetch");
        assertEquals(404, read.requests().get(1).status(), "a recorded 404 is what both tools expect");
        assertEquals(
                List.of("GET /a: 'c2f1a9e8d7b6a5f4e3d2' is sent as recorded (no answer before it held it)"),
                read.suspects());
    }
}
