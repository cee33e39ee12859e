package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every kind, with the messages each tool wrote for it. The messages are the tools' own, captured against real faults
 * (the fixtures under errors/, see their README), unless the line says otherwise.
 */
class ErrorClassifierTest {

    @ParameterizedTest(name = "Gatling: {0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            status.find.in([200, 209], 304), found 503                                                   | HTTP 503
            status.find.is(200), found 404                                                               | HTTP 404
            status.find.is(201), found 200                                                               | check failed
            jsonPath($[0].id).find.exists, found nothing                                                 | check failed
            substring(done).find.exists, found nothing                                                   | check failed
            j.n.ConnectException: finishConnect(..) failed with error(-111): Connection refused         | connection refused
            i.n.c.AbstractChannel$AnnotatedConnectException: Connection refused: /127.0.0.1:1             | connection refused
            i.g.h.c.i.PrematureCloseException: Premature close                                           | connection reset
            j.i.IOException: Connection reset by peer                                                    | connection reset
            Request timeout to 127.0.0.1/127.0.0.1:18003 after 2000 ms                                   | timeout
            i.n.c.ConnectTimeoutException: connection timed out: /10.255.255.1:80                        | timeout
            s.s.p.c.SunCertPathBuilderException: unable to find valid certification path to requested target | TLS failure
            i.n.h.s.NotSslRecordException                                                                | TLS failure
            j.n.s.SSLHandshakeException: PKIX path building failed                                       | TLS failure
            j.n.UnknownHostException: loadlab-nothing.invalid                                            | unknown host
            j.n.UnknownHostException: loadlab-nothing.invalid: Name or service not known                 | unknown host
            Failed to build request: No attribute named 'id' is defined                                  | other
            j.l.IllegalArgumentException: Failed to compute signature: blocked host 127.0.0.1:9 (no target of this build is there: docs/own-scenarios.md#where-load-goes) | blocked host 127.0.0.1:9
            d.l.s.HostGuard$BlockedHost: blocked host shop.example.com:443 (no target of this build is there: docs/own-scenarios.md#where-load-goes) | blocked host shop.example.com:443
            """)
    void shouldPutEachGatlingMessageInItsKind(String message, String kind) {
        assertEquals(kind, ErrorClassifier.gatling(message));
    }

    @ParameterizedTest(name = "JMeter: {0} / {1} / {2} -> {3}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            503 | Service Unavailable | -                                             | HTTP 503
            502 | Bad Gateway         | Test failed: text expected to contain /"id"/ | HTTP 502
            200 | OK                  | Test failed: text expected to contain /"id"/ | check failed
            200 | OK                  | No results for path: $[0]['id']              | check failed
            Non HTTP response code: org.apache.http.conn.HttpHostConnectException | Non HTTP response message: Connect to 127.0.0.1:18007 [/127.0.0.1] failed: Connection refused | - | connection refused
            Non HTTP response code: java.net.ConnectException | Non HTTP response message: Connection refused | - | connection refused
            Non HTTP response code: java.net.SocketException | Non HTTP response message: Connection reset | - | connection reset
            Non HTTP response code: org.apache.http.NoHttpResponseException | Non HTTP response message: 127.0.0.1:18004 failed to respond | - | connection reset
            Non HTTP response code: java.nio.channels.ClosedChannelException | Non HTTP response message: null | - | connection reset
            Non HTTP response code: java.net.SocketTimeoutException | Non HTTP response message: Read timed out | - | timeout
            Non HTTP response code: java.util.concurrent.TimeoutException | Non HTTP response message: null | - | timeout
            Non HTTP response code: org.apache.http.conn.ConnectTimeoutException | Non HTTP response message: Connect to 10.255.255.1:80 failed: connect timed out | - | timeout
            Non HTTP response code: javax.net.ssl.SSLException | Non HTTP response message: Unsupported or unrecognized SSL message | - | TLS failure
            Non HTTP response code: javax.net.ssl.SSLHandshakeException | Non HTTP response message: PKIX path building failed: sun.security.provider.certpath.SunCertPathBuilderException: unable to find valid certification path to requested target | - | TLS failure
            Non HTTP response code: javax.net.ssl.SSLHandshakeException | Non HTTP response message: Unrecognized SSL message, plaintext connection? | - | TLS failure
            Non HTTP response code: java.net.UnknownHostException | Non HTTP response message: loadlab-nothing.invalid: Name or service not known | - | unknown host
            Non HTTP response code: java.nio.channels.UnresolvedAddressException | Non HTTP response message: null | - | unknown host
            Non HTTP response code: org.apache.http.client.ClientProtocolException | Non HTTP response message: null | - | protocol error
            Non HTTP response code: java.io.IOException | Non HTTP response message: frame_size_error/invalid_frame_length | - | protocol error
            Non HTTP response code: javax.net.ssl.SSLHandshakeException | Non HTTP response message: Received fatal alert: no_application_protocol | - | protocol error
            Non HTTP response code: java.lang.IllegalArgumentException | protocol must be http2, not h3 | - | other
            Non HTTP response code: dev.loadlab.shared.HostGuard$BlockedHost | Non HTTP response message: blocked host example.org:80 (no target of this build is there: docs/own-scenarios.md#where-load-goes) | - | blocked host example.org:80
            200 | Embedded resource download error:http://127.0.0.1:9/t.png code:Non HTTP response code: dev.loadlab.shared.HostGuard$BlockedHost message:Non HTTP response message: blocked host 127.0.0.1:9 (no target of this build is there) | - | blocked host 127.0.0.1:9
            """)
    void shouldPutEachJmeterSampleInItsKind(String code, String message, String failure, String kind) {
        assertEquals(kind, ErrorClassifier.jmeter(code, message, failure));
    }

    @Test
    void shouldCountAnAnswerThatIsNotTheStudysByWhatIsWrongWithItInBothTools() {
        String typo = "graphql error: Cannot query field \"txt\" on type \"Item\".";
        assertEquals(typo, ErrorClassifier.gatling("valid answer, " + typo));
        assertEquals(
                "short answer: 1024 of 102400 bytes",
                ErrorClassifier.gatling("bodyBytes.find.valid answer, short answer: 1024 of 102400 bytes"));
        assertEquals(typo, ErrorClassifier.jmeter("200", "OK", typo));
        assertEquals("HTTP 502", ErrorClassifier.jmeter("502", "Bad Gateway", typo), "an error status is its status");
        String ids = "wrong answer: foo_id is not the JSON string \"2\"";
        assertEquals(ids, ErrorClassifier.gatling("bodyBytes.find.valid answer, " + ids));
        assertEquals(ids, ErrorClassifier.jmeter("200", "OK", ids));
        assertEquals("check failed", ErrorClassifier.jmeter("302", "Found", "status 302, expected 200"));
        assertTrue(ErrorClassifier.isInvalidAnswer(typo));
        assertFalse(ErrorClassifier.isInvalidAnswer("check failed"));
    }

    @Test
    void shouldKeepJmetersExceptionAndMessageAsTheDetailWithoutItsPrefixes() {
        assertEquals(
                "java.net.SocketException: Connection reset",
                ErrorClassifier.jmeterDetail(
                        "Non HTTP response code: java.net.SocketException",
                        "Non HTTP response message: Connection reset",
                        ""));
        assertEquals("503 Service Unavailable", ErrorClassifier.jmeterDetail("503", "Service Unavailable", ""));
        assertEquals(
                "200 Test failed: text expected to contain /id/",
                ErrorClassifier.jmeterDetail("200", "OK", "Test failed: text expected to contain /id/"));
    }

    /** The faults both tools' capture runs injected, by request name or label, and the kind each is. */
    private static final Map<String, String> FAULTS_OF_BOTH_RUNS = Map.of(
            "http 503", "HTTP 503",
            "check failed", "check failed",
            "timeout", "timeout",
            "reset", "connection reset",
            "premature close", "connection reset",
            "refused", "connection refused",
            "tls to clear port", "TLS failure",
            "unknown host", "unknown host");

    /** What each fault of the capture run was, by its request name; where a tool sees it otherwise, the line says why. */
    private static final Map<String, String> GATLING_FAULTS = with(
            FAULTS_OF_BOTH_RUNS,
            Map.entry("refused h2", "connection refused"),
            Map.entry("tls untrusted", "TLS failure"),
            Map.entry("tls untrusted h2", "TLS failure"),
            // the TLS server closes on a clear request: Gatling sees the connection closed ("Premature close")
            Map.entry("clear to tls port", "connection reset"));

    @SafeVarargs
    private static Map<String, String> with(Map<String, String> faults, Map.Entry<String, String>... more) {
        Map<String, String> all = new TreeMap<>(faults);
        for (Map.Entry<String, String> m : more) {
            all.put(m.getKey(), m.getValue());
        }
        return all;
    }

    @Test
    void shouldClassifyEveryFailureOfARealGatlingRunAgainstFaultsByItsFault() throws IOException {
        Map<String, Long> checked = new TreeMap<>();
        for (String fixture : List.of("errors/gatling-faults-http1", "errors/gatling-faults-h2")) {
            GatlingLog log = GatlingLog.read(Fixtures.path(fixture + "/simulation.log"));
            for (GatlingLog.Request r : log.requests()) {
                if (!r.ok()) {
                    assertEquals(GATLING_FAULTS.get(r.name()), ErrorClassifier.gatling(r.message()), r.message());
                    checked.merge(r.name(), 1L, Long::sum);
                }
            }
        }
        assertEquals(GATLING_FAULTS.keySet(), checked.keySet(), "every fault failed at least once");
    }

    private static final Map<String, String> JMETER_FAULTS =
            with(FAULTS_OF_BOTH_RUNS, Map.entry("json check failed", "check failed"));

    /** The kind of each failed sample of a real JMeter results file, by its label (the last failure of a label wins). */
    private static Map<String, String> jmeterFailures(String fixture) throws IOException {
        Map<String, String> seen = new TreeMap<>();
        JmeterCsv.read(Fixtures.path(fixture), header -> f -> {
            if (!Boolean.parseBoolean(f.get(header.indexOf("success")))) {
                seen.put(
                        f.get(header.indexOf("label")),
                        ErrorClassifier.jmeter(
                                f.get(header.indexOf("responseCode")),
                                f.get(header.indexOf("responseMessage")),
                                f.get(header.indexOf("failureMessage"))));
            }
        });
        return seen;
    }

    @Test
    void shouldClassifyEveryFailureOfARealJmeterRunAgainstFaultsByItsFaultInBothSamplers() throws IOException {
        Map<String, String> seen = jmeterFailures("errors/jmeter-faults/faults.csv");
        // h1 = JMeter's HttpClient4 sampler, h2 = loadlab's HTTP/2 sampler
        JMETER_FAULTS.forEach((fault, kind) -> {
            assertEquals(kind, seen.get("h1 " + fault), "h1 " + fault);
            assertEquals(kind, seen.get("h2 " + fault), "h2 " + fault);
        });
        assertEquals("TLS failure", seen.get("h2 tls untrusted"));
        // JMeter's own sampler trusts every certificate; the one-answer TLS server then closes the kept connection
        assertEquals("connection reset", seen.get("h1 tls untrusted"));
        // a clear request to a TLS port: HttpClient cannot parse the TLS alert as HTTP, loadlab's sampler sees the
        // close
        assertEquals("protocol error", seen.get("h1 clear to tls port"));
        assertEquals("connection reset", seen.get("h2 clear to tls port"));
    }

    /**
     * Real failures of both JMeter samplers against nginx 1.22 speaking another protocol than the one asked for (see
     * the fixtures' README): every one is a protocol error; an HTTP/2 GOAWAY that nginx sends after each connection's
     * second request costs loadlab's sampler nothing (it opens another connection).
     */
    @Test
    void shouldPutEveryFailureOfARealJmeterRunAgainstAServerOfAnotherProtocolInTheProtocolKind() throws IOException {
        Map<String, String> seen = jmeterFailures("errors/jmeter-protocol/protocol.csv");
        assertEquals(
                Map.of(
                        "h2c to an http1-only port", "protocol error",
                        "h2 to a tls port without h2", "protocol error",
                        "h1 to an h2c-only port", "protocol error"),
                seen,
                "every h2c request to the port that sends GOAWAY succeeded");
    }

    /**
     * Gatling against the same nginx (see the fixtures' README): HTTP/1.1 to a port that speaks only HTTP/2 ends, for
     * Gatling, in the close that follows nginx's GOAWAY ("Premature close"), so it counts as a reset; h2 asked of a TLS
     * port without h2 falls back to HTTP/1.1 without a word, every request OK. Neither says the protocol was wrong, which
     * is why the build probes each wire before load (docs/wires.md).
     */
    @Test
    void shouldShowWhatGatlingSeesOfAServerOfAnotherProtocol() throws IOException {
        GatlingLog log = GatlingLog.read(Fixtures.path("errors/gatling-protocol/simulation.log"));
        Map<String, String> seen = new TreeMap<>();
        for (GatlingLog.Request r : log.requests()) {
            seen.merge(
                    r.name(),
                    r.ok() ? "ok" : ErrorClassifier.gatling(r.message()),
                    (a, b) -> a.equals(b) ? a : a + "," + b);
        }
        assertEquals(Map.of("h1 to an h2c-only port", "connection reset", "h2 to a tls port without h2", "ok"), seen);
    }
}
