package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Protocol;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Http2SamplerTest {
    @TempDir
    static Path dir;

    static TestTarget.TestCertificate certificate;
    static TestTarget target;
    private final List<Http2Sampler> samplers = new ArrayList<>();

    @BeforeAll
    static void startTarget() throws Exception {
        JMeterForTests.loadProperties(dir);
        certificate = new TestTarget.TestCertificate(dir);
        target = new TestTarget(certificate);
    }

    @AfterAll
    static void stopTarget() throws Exception {
        target.close();
    }

    @AfterEach
    void endThreads() {
        samplers.forEach(Http2Sampler::threadFinished);
    }

    private Http2Sampler sampler(String url, Protocol protocol) {
        Http2Sampler sampler = new Http2Sampler();
        sampler.setName("under test");
        sampler.setUrl(url);
        sampler.setProtocol(protocol.id);
        sampler.setTrustedCertificate(certificate.pem.toString());
        sampler.threadStarted();
        samplers.add(sampler);
        return sampler;
    }

    private static String body(SampleResult result) {
        return new String(result.getResponseData(), StandardCharsets.UTF_8);
    }

    @Test
    void shouldNegotiateH2ThroughAlpnWhenTheCertificateIsTrusted() {
        SampleResult result = sampler(target.tlsUrl("/users"), Protocol.HTTP2).sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertEquals("200", result.getResponseCode());
        assertEquals("OK", result.getResponseMessage());
        assertTrue(result.getResponseHeaders().startsWith("HTTP/2.0 200 OK\n"), result.getResponseHeaders());
        assertTrue(body(result).contains("\"protocol\":\"HTTP/2.0\""), body(result));
        assertEquals("under test", result.getSampleLabel());
    }

    @Test
    void shouldSpeakH2cWithPriorKnowledgeOverCleartext() {
        SampleResult result = sampler(target.plainUrl("/users"), Protocol.HTTP2).sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertTrue(body(result).contains("\"protocol\":\"HTTP/2.0\""), body(result));
    }

    @Test
    void shouldSaveTheProtocolAndSchemeEachSampleSpokeForTheGatesWireCheck() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());

        sampler(target.plainUrl("/users"), Protocol.HTTP2).sample(null);
        assertEquals(
                "http2 http", JMeterContextService.getContext().getVariables().get(Http2Sampler.SPOKEN));
        sampler(target.tlsUrl("/users"), Protocol.HTTP1).sample(null);
        assertEquals(
                "http1 https", JMeterContextService.getContext().getVariables().get(Http2Sampler.SPOKEN));
    }

    @Test
    void shouldSpeakHttp11WhenAskedForItOverTls() {
        SampleResult result = sampler(target.tlsUrl("/users"), Protocol.HTTP1).sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertTrue(result.getResponseHeaders().startsWith("HTTP/1.1 200 OK\n"), result.getResponseHeaders());
        assertTrue(body(result).contains("\"protocol\":\"HTTP/1.1\""), body(result));
    }

    @Test
    void shouldCountSentAndReceivedBytesOnTheConnectionBeyondTheBody() {
        Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
        sampler.sample(null); // the first sample also carries the connection preface and settings
        SampleResult result = sampler.sample(null);

        assertTrue(result.getSentBytes() > 0, "sent " + result.getSentBytes());
        assertTrue(
                result.getBytesAsLong() > result.getResponseData().length,
                "received " + result.getBytesAsLong() + " for a body of " + result.getResponseData().length);
    }

    @Test
    void shouldReuseOneConnectionAcrossTheIterationsOfAThread() {
        for (Protocol protocol : Protocol.values()) {
            Http2Sampler sampler = sampler(target.plainUrl("/users"), protocol);
            int before = target.connectionsAccepted();
            List<SampleResult> results = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                results.add(sampler.sample(null));
            }
            assertEquals(1, target.connectionsAccepted() - before, protocol + ": connections opened for 5 samples");
            results.forEach(result -> assertTrue(result.isSuccessful(), result.getResponseMessage()));
        }
    }

    @Test
    void shouldGiveEachThreadItsOwnConnection() throws Exception {
        int before = target.connectionsAccepted();
        for (int thread = 0; thread < 2; thread++) {
            Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
            Thread jmeterThread = new Thread(() -> {
                sampler.sample(null);
                sampler.threadFinished();
            });
            jmeterThread.start();
            jmeterThread.join();
        }

        assertEquals(2, target.connectionsAccepted() - before);
    }

    @Test
    void shouldShareOneConnectionBetweenTwoSamplersOfOneThread() {
        // a plan's warm-up and measured samplers: a second connection would put a TLS handshake in the measured window
        for (Protocol protocol : Protocol.values()) {
            Http2Sampler warmUp = sampler(target.tlsUrl("/users"), protocol);
            Http2Sampler measured = sampler(target.tlsUrl("/users"), protocol);
            int before = target.connectionsAccepted();
            SampleResult first = warmUp.sample(null);
            SampleResult second = measured.sample(null);

            assertEquals(1, target.connectionsAccepted() - before, protocol + ": connections for two samplers");
            assertTrue(first.isSuccessful() && second.isSuccessful(), second.getResponseMessage());
            assertEquals(0, second.getConnectTime(), protocol + ": the second sampler's connect time");
        }
    }

    @Test
    void shouldFillInLatencyAndConnectTimeWithinTheElapsedTime() {
        SampleResult result =
                sampler(target.tlsUrl("/users?delayMs=50"), Protocol.HTTP2).sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertTrue(result.getLatency() >= 50, "latency " + result.getLatency());
        assertTrue(
                result.getLatency() <= result.getTime(), "latency " + result.getLatency() + " > " + result.getTime());
        assertTrue(result.getConnectTime() <= result.getLatency(), "connect " + result.getConnectTime());
        assertTrue(result.getConnectTime() > 0, "a new TLS connection takes time: " + result.getConnectTime());
    }

    @Test
    void shouldSendMethodHeadersAndBody() {
        Http2Sampler sampler = sampler(target.tlsUrl("/odata"), Protocol.HTTP2);
        sampler.setMethod("post");
        sampler.setHeaders("Content-Type: application/json\nX-Test: yes\n\n");
        sampler.setBody("{'field':1.5}");
        SampleResult result = sampler.sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertTrue(body(result).contains("\"method\":\"POST\""), body(result));
        assertTrue(body(result).contains("\"xTest\":\"yes\""), body(result));
        assertTrue(body(result).contains("{'field':1.5}"), body(result));
        assertTrue(result.getSentBytes() > "{'field':1.5}".length(), "sent " + result.getSentBytes());
    }

    @Test
    void shouldFailTheSampleOnAServerErrorStatus() {
        SampleResult result =
                sampler(target.tlsUrl("/users?status=503"), Protocol.HTTP2).sample(null);

        assertFalse(result.isSuccessful());
        assertEquals("503", result.getResponseCode());
        assertEquals("Service Unavailable", result.getResponseMessage());
    }

    @Test
    void shouldFailTheSampleWhenTheTimeoutPasses() {
        Http2Sampler sampler = sampler(target.tlsUrl("/users?delayMs=2000"), Protocol.HTTP2);
        sampler.setTimeoutMs(200);
        SampleResult result = sampler.sample(null);

        assertFalse(result.isSuccessful());
        // the answer came 2 s later: a sampler that waited for it would have passed, whatever the clock says
        assertEquals(
                "Non HTTP response code: " + java.util.concurrent.TimeoutException.class.getName(),
                result.getResponseCode());
    }

    @Test
    void shouldRefuseACertificateItWasNotToldToTrust() {
        Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
        sampler.setTrustedCertificate("");
        SampleResult result = sampler.sample(null);

        assertFalse(result.isSuccessful());
        assertTrue(result.getResponseCode().contains("SSL"), result.getResponseCode());
    }

    @Test
    void shouldNameTheSettingAndItsAllowedValuesWhenTheProtocolIsUnknown() {
        Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
        sampler.setProtocol("HTTP_3");
        int before = target.connectionsAccepted();
        SampleResult result = sampler.sample(null);

        assertFalse(result.isSuccessful());
        assertEquals("-Dprotocol=HTTP_3 is not allowed: expected one of http1|http2", result.getResponseMessage());
        assertEquals(before, target.connectionsAccepted(), "no request is sent");
    }

    @Test
    void shouldTrustACertificateGivenAsPemTextAsARemoteEngineGetsIt() throws Exception {
        Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
        sampler.setTrustedCertificate(java.nio.file.Files.readString(certificate.pem));
        SampleResult result = sampler.sample(null);

        assertTrue(result.isSuccessful(), result.getResponseMessage());
        assertTrue(result.getResponseHeaders().startsWith("HTTP/2.0 200 OK\n"), result.getResponseHeaders());
    }

    @Test
    void shouldNameTheFileWhenTheTrustedCertificateIsMissing() {
        Http2Sampler sampler = sampler(target.tlsUrl("/users"), Protocol.HTTP2);
        sampler.setTrustedCertificate(dir.resolve("absent.pem").toString());
        SampleResult result = sampler.sample(null);

        assertFalse(result.isSuccessful());
        assertTrue(
                result.getResponseMessage().startsWith("trustedCertificate=" + dir.resolve("absent.pem")),
                result.getResponseMessage());
    }

    @Test
    void shouldReportARefusedConnectionAsANonHttpFailure() throws Exception {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        SampleResult result =
                sampler("http://127.0.0.1:" + closedPort + "/", Protocol.HTTP2).sample(null);

        assertFalse(result.isSuccessful());
        assertTrue(
                result.getResponseCode().startsWith("Non HTTP response code: java.net.ConnectException"),
                result.getResponseCode());
    }

    @Test
    void shouldRunJettyOnDaemonThreadsOnlySoJMeterCanExit() {
        sampler(target.plainUrl("/users"), Protocol.HTTP2).sample(null);
        sampler(target.plainUrl("/users"), Protocol.HTTP1).sample(null);

        List<String> nonDaemon = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !thread.isDaemon())
                .filter(thread -> thread.getName().startsWith("loadlab-")
                        || thread.getName().contains("HttpClient"))
                .map(Thread::getName)
                .toList();
        assertEquals(List.of(), nonDaemon);
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("loadlab-http2")));
    }
}
