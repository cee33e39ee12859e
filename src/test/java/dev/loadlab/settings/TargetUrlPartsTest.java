package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetUrlPartsTest {
    @Test
    void shouldSplitTheTargetAsHttpRequestDefaultsTakeItWithTheSchemesPortWhereTheUrlNamesNone() {
        assertEquals(
                Map.of(
                        "target.host",
                        "api.example.com",
                        "target.port",
                        "443",
                        "target.scheme",
                        "https",
                        "target.basePath",
                        "/shop/v1"),
                TargetKnobs.urlParts("https://api.example.com/shop/v1/"));
        assertEquals(
                Map.of(
                        "target.host",
                        "127.0.0.1",
                        "target.port",
                        "38080",
                        "target.scheme",
                        "http",
                        "target.basePath",
                        ""),
                TargetKnobs.urlParts("http://127.0.0.1:38080"));
        assertEquals(
                Map.of("target.host", "", "target.port", "", "target.scheme", "", "target.basePath", ""),
                TargetKnobs.urlParts(""),
                "the embedded target before it is up: each run's wire file gives its own");
    }
}
