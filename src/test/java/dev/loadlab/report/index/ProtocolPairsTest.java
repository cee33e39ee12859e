package dev.loadlab.report.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.page.Templates;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtocolPairsTest {

    @Test
    void shouldShowHttp2AsAChangeAgainstHttp1OfTheSameTransport() {
        String html = Templates.section(ProtocolPairs.section(
                List.of(
                        row("HTTP/1.1", 100, 20),
                        row("h2c", 150, 10),
                        row("HTTP/1.1 over TLS", 80, 40),
                        row("h2", 80, 50)),
                List.of()));

        assertTrue(html.contains("HTTP/1.1 vs h2c (both cleartext)"), html);
        assertTrue(html.contains("100 → 150 (+50.0 %)"), html);
        assertTrue(html.contains("20 → 10 (-50.0 %)"), html);
        assertTrue(html.contains("HTTP/1.1 vs h2 (both over TLS)"), html);
        assertTrue(html.contains("40 → 50 (+25.0 %)"), html);
        assertFalse(html.contains("100 → 80"), "never a cleartext run against a TLS run: " + html);
    }

    @Test
    void shouldNameThePairAWireLeftOutBrokeAndWhy() {
        String html = Templates.section(ProtocolPairs.section(
                List.of(row("HTTP/1.1", 100, 20), row("HTTP/1.1 over TLS", 80, 40), row("h2", 80, 50)),
                List.of("h2c: http://127.0.0.1:8080 answered in HTTP/1.1 (HTTP/1.1 400 Bad Request); left out")));

        assertTrue(
                html.contains("HTTP/1.1 vs h2c (both cleartext): not compared, h2c: http://127.0.0.1:8080 answered in"
                        + " HTTP/1.1 (HTTP/1.1 400 Bad Request); left out"),
                html);
        assertTrue(html.contains("40 → 50 (+25.0 %)"), "the TLS pair still compared: " + html);
    }

    @Test
    void shouldSayNAWhereHttp1HasNoFigureToCompareWith() {
        assertEquals("n/a", Percent.change(0, 3));
        assertEquals("±0 %", Percent.change(0, 0));
    }

    private static Summary.Row row(String wire, double throughput, long p95) {
        return TestRows.row("jmeter", wire, "api-gateway", "configuration 1")
                .samples(100)
                .latency(p95, 1, p95, 1)
                .throughput(throughput)
                .percentiles(p95, p95, p95, p95, p95)
                .build();
    }
}
