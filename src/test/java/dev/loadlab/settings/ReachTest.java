package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReachTest {
    @Test
    void shouldHoldTheTargetsUrlsItsColdTwinsAndEachNamedTargetByHostAndPort() {
        Reach reach = Reach.of(Settings.of(Map.of(
                "target.url", "http://127.0.0.1:8080",
                "target.tlsUrl", "https://127.0.0.1:8443/",
                "target.coldUrl.h2", "https://127.0.0.1:9443",
                "target.api.url", "https://API.example.com/v1",
                "target.login.url", "http://127.0.0.1:7000",
                "target.login.tlsUrl", "https://127.0.0.1:7443")));

        assertEquals(Optional.of("target"), reach.targetOf("127.0.0.1:8080"));
        assertEquals(Optional.of("target"), reach.targetOf("127.0.0.1:8443"));
        assertEquals(Optional.of("target"), reach.targetOf("127.0.0.1:9443"));
        assertEquals(
                Optional.of("api"), reach.targetOf("api.example.com:443"), "the scheme's port, the name in lower case");
        assertEquals(Optional.of("login"), reach.targetOf("127.0.0.1:7000"));
        assertEquals(Optional.of("login"), reach.targetOf("127.0.0.1:7443"));
        assertFalse(reach.allows("127.0.0.1:8081"), "another port of the same host is another service");
        assertFalse(reach.allows("api.example.com:80"));
    }

    @Test
    void shouldHoldNoHostOfAnEmptyTargetSoThatEmptyMeansNotGivenNeverADefault() {
        assertTrue(Reach.of(Settings.of(Map.of("target.url", "", "target.tlsUrl", "")))
                .isEmpty());
    }

    @Test
    void shouldReadBackWhatItWrote() {
        Reach reach =
                Reach.of(Settings.of(Map.of("target.url", "http://127.0.0.1:1", "target.api.url", "http://[::1]:2")));

        assertEquals("target=127.0.0.1:1,api=[::1]:2", reach.written());
        assertEquals(reach, Reach.parse(reach.written()));
        assertEquals("127.0.0.1:1 (target), [::1]:2 (api)", reach.described());
    }

    @Test
    void shouldTellTheHostOfAUrlOrNoneOfWhatIsNoHttpUrl() {
        assertEquals(Optional.of("shop.example.com:80"), Reach.host("http://Shop.Example.com/x?y"));
        assertEquals(Optional.of("shop.example.com:8443"), Reach.host("https://shop.example.com:8443"));
        assertEquals(Optional.empty(), Reach.host("/relative/path"));
        assertEquals(Optional.empty(), Reach.host(""));
        assertEquals(List.of(), Reach.parse("").targetByHost().keySet().stream().toList());
    }
}
