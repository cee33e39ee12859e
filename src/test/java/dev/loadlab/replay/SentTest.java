package dev.loadlab.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SentTest {

    @Test
    void shouldShowWhatWasSentWithEverySecretMaskedRawOrFormEncoded() {
        Set<String> secrets = Sent.secrets(
                "demo-app",
                Map.of(
                        "LOADLAB_DEMO_APP_PASSWORD", "p@ss word",
                        "LOADLAB_TARGET_TOKEN", "t0ken",
                        "LOADLAB_OTHER_PASSWORD", "not-ours",
                        "HOME", "/root"));
        assertEquals(Set.of("p@ss word", "t0ken"), secrets, "the experiment's and target.auth's, nothing else");
        String sent = Sent.describe(
                "POST",
                "https://shop.example/login?key=t0ken",
                List.of(
                        Map.entry("Content-Type", "application/x-www-form-urlencoded"),
                        Map.entry("X-Loadlab-Tag", "jmeter-http1-tls-demo-app.post-login"),
                        Map.entry("Cookie", "sid=abc123; theme=dark")),
                "csrf=f00d&user=alice&password=p%40ss+word",
                secrets);
        assertEquals(
                "POST https://shop.example/login?key=****; Content-Type: application/x-www-form-urlencoded;"
                        + " Cookie: sid=****; theme=****; body: csrf=f00d&user=alice&password=****",
                sent);
    }

    @Test
    void shouldShowAnAuthorizationsSchemeOnlyUnlessItsValueWasNotFound() {
        assertEquals(
                "GET /a; Authorization: Bearer ****",
                Sent.describe("GET", "/a", List.of(Map.entry("Authorization", "Bearer eyJhbGciOi")), "", Set.of()));
        assertEquals(
                "GET /a; Authorization: Bearer NOT_FOUND",
                Sent.describe("GET", "/a", List.of(Map.entry("Authorization", "Bearer NOT_FOUND")), "", Set.of()),
                "JMeter's extractor found nothing: that is why the request failed");
    }

    @Test
    void shouldCutALongBodySayingHowLongItWas() {
        String sent = Sent.describe("POST", "/a", List.of(), "x".repeat(1000), Set.of());
        assertEquals("POST /a; body: " + "x".repeat(300) + "... (1000 chars)", sent);
        assertFalse(Exchange.flat("a\tb\nc").contains("\t"));
    }
}
