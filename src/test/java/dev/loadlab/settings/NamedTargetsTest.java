package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedTargetsTest {
    @Test
    void shouldNameEveryTargetGivenAUrlAndNothingElse() {
        Settings settings = Settings.of(Map.of(
                "target.url", "http://127.0.0.1:1",
                "target.api.url", "https://api.example.com",
                "target.login.url", "",
                "target.coldUrl.h2", "https://127.0.0.1:3"));

        assertEquals(
                List.of("api"), NamedTargets.names(settings), "an empty URL is not given; a cold URL is the build's");
        assertEquals(List.of(), NamedTargets.problems(settings));
    }

    @Test
    void shouldTakeTheTlsUrlOnATlsWireAndTheUrlElsewhere() {
        Settings settings = Settings.of(
                Map.of("target.api.url", "http://127.0.0.1:7000/", "target.api.tlsUrl", "https://127.0.0.1:7443/v1"));

        assertEquals("http://127.0.0.1:7000", NamedTargets.urlOn(settings, "api", false));
        assertEquals("https://127.0.0.1:7443/v1", NamedTargets.urlOn(settings, "api", true));
        assertEquals(
                Map.of(
                        "target.api.url", "https://127.0.0.1:7443/v1",
                        "target.api.host", "127.0.0.1",
                        "target.api.port", "7443",
                        "target.api.scheme", "https",
                        "target.api.basePath", "/v1"),
                NamedTargets.parts("api", "https://127.0.0.1:7443/v1"));
    }

    @Test
    void shouldRefuseInOneLineAFieldItDoesNotHaveABadUrlAndATlsUrlWithoutAUrl() {
        Settings settings = Settings.of(Map.of(
                "target.api.ulr", "https://api.example.com",
                "target.db.url", "jdbc:h2:mem:x",
                "target.login.tlsUrl", "http://127.0.0.1:1"));

        assertEquals(
                List.of(
                        "-Dtarget.api.ulr is not allowed: expected target.<name>.url, .tlsUrl or .certificate, <name> a"
                                + " lower-case letter then letters and digits (target.api.url)",
                        "-Dtarget.db.url=jdbc:h2:mem:x is not allowed: expected an absolute http:// or https:// URL such"
                                + " as http://127.0.0.1:8080",
                        "-Dtarget.login.tlsUrl=http://127.0.0.1:1 is not allowed: expected an https:// URL (the TLS"
                                + " wires' URL of login)",
                        "-Dtarget.login.tlsUrl is not allowed without target.login.url: expected the service's URL"
                                + " first (target.login.url=https://...)"),
                NamedTargets.problems(settings));
    }
}
