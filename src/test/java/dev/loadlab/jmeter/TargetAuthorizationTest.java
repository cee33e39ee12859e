package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Protocol;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerProxy;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetAuthorizationTest {
    @TempDir
    static Path dir;

    static TestTarget target;

    @BeforeAll
    static void startTarget() throws Exception {
        JMeterForTests.loadProperties(dir);
        target = new TestTarget(new TestTarget.TestCertificate(dir));
    }

    @AfterAll
    static void stopTarget() throws Exception {
        target.close();
    }

    @AfterEach
    void forgetTheKind() {
        JMeterUtils.getJMeterProperties().remove("target.auth");
        JMeterContextService.getContext().setCurrentSampler(null);
    }

    private static void process(String kind, Map<String, String> environment, Sampler current) {
        JMeterUtils.setProperty("target.auth", kind);
        JMeterContextService.getContext().setCurrentSampler(current);
        new TargetAuthorization(environment).process();
    }

    @Test
    void shouldSendTheBearerTokenOverHttp2WithoutShowingItInTheSampleResult() {
        Http2Sampler sampler = new Http2Sampler();
        sampler.setUrl(target.plainUrl("/users"));
        sampler.setProtocol(Protocol.HTTP2.id);
        sampler.setHeaders("X-Test: yes");
        try {
            process("bearer", Map.of("LOADLAB_TARGET_TOKEN", "t0ken"), sampler);
            SampleResult result = sampler.sample(null);

            String body = new String(result.getResponseData(), StandardCharsets.UTF_8);
            assertTrue(body.contains("\"authorization\":\"Bearer t0ken\""), body);
            assertFalse(result.getRequestHeaders().contains("t0ken"), result.getRequestHeaders());
            assertFalse(result.getSamplerData().contains("t0ken"), result.getSamplerData());
        } finally {
            sampler.threadFinished();
        }
    }

    @Test
    void shouldSendNoAuthorizationOverHttp2WhenTheKindIsNone() {
        Http2Sampler sampler = new Http2Sampler();
        sampler.setUrl(target.plainUrl("/users"));
        sampler.setProtocol(Protocol.HTTP2.id);
        try {
            process("none", Map.of("LOADLAB_TARGET_TOKEN", "t0ken"), sampler);
            String body = new String(sampler.sample(null).getResponseData(), StandardCharsets.UTF_8);

            assertTrue(body.contains("\"authorization\":\"null\""), body);
        } finally {
            sampler.threadFinished();
        }
    }

    @Test
    void shouldGiveJMetersHttpSamplerBasicCredentialsThroughAHeaderManager() {
        HTTPSamplerProxy sampler = new HTTPSamplerProxy();
        process("basic", Map.of("LOADLAB_TARGET_USER", "ann", "LOADLAB_TARGET_PASSWORD", "s3cret"), sampler);

        HeaderManager headers = sampler.getHeaderManager();
        assertEquals(1, headers.size());
        assertEquals("Authorization", headers.get(0).getName());
        assertEquals("Basic YW5uOnMzY3JldA==", headers.get(0).getValue());
    }

    @Test
    void shouldPutTheBearerTokenOnJMetersHttpSamplersWireForThisSampleOnly() throws Exception {
        HTTPSamplerProxy sampler = new HTTPSamplerProxy("HttpClient4");
        java.net.URL url = new java.net.URL(target.plainUrl("/users"));
        sampler.setDomain(url.getHost());
        sampler.setPort(url.getPort());
        sampler.setPath(url.getPath());
        sampler.setMethod("GET");
        sampler.setRunningVersion(true);
        process("bearer", Map.of("LOADLAB_TARGET_TOKEN", "t0ken"), sampler);
        SampleResult result = sampler.sample();
        sampler.recoverRunningVersion();

        String body = new String(result.getResponseData(), StandardCharsets.UTF_8);
        assertTrue(body.contains("\"authorization\":\"Bearer t0ken\""), body);
        assertNull(sampler.getHeaderManager(), "the header is the sample's own, not left on the sampler");
    }

    @Test
    void shouldLeaveJMetersHttpSamplerWithoutAnyHeaderWhenTheKindIsNone() {
        HTTPSamplerProxy sampler = new HTTPSamplerProxy();
        process("none", Map.of(), sampler);

        assertNull(sampler.getHeaderManager());
    }

    @Test
    void shouldSendTheTargetsCredentialsToTheTargetOnlyNotToAServiceNamedBesideIt() throws Exception {
        java.net.URL plain = new java.net.URL(target.plainUrl("/users"));
        java.net.URL tls = new java.net.URL(target.tlsUrl("/users"));
        JMeterUtils.setProperty(
                dev.loadlab.settings.Reach.PROPERTY,
                "target=127.0.0.1:" + plain.getPort() + ",api=127.0.0.1:" + tls.getPort());
        Http2Sampler toTheTarget = new Http2Sampler();
        toTheTarget.setUrl(plain.toString());
        toTheTarget.setProtocol(Protocol.HTTP1.id);
        HTTPSamplerProxy toTheApi = new HTTPSamplerProxy("HttpClient4");
        toTheApi.setProtocol("https");
        toTheApi.setDomain(tls.getHost());
        toTheApi.setPort(tls.getPort());
        toTheApi.setPath(tls.getPath());
        toTheApi.setMethod("GET");
        try {
            process("bearer", Map.of("LOADLAB_TARGET_TOKEN", "t0ken"), toTheTarget);
            String targets = new String(toTheTarget.sample(null).getResponseData(), StandardCharsets.UTF_8);
            process("bearer", Map.of("LOADLAB_TARGET_TOKEN", "t0ken"), toTheApi);

            assertTrue(targets.contains("\"authorization\":\"Bearer t0ken\""), targets);
            assertNull(toTheApi.getHeaderManager(), "no credentials of the target for the api");
        } finally {
            toTheTarget.threadFinished();
            JMeterUtils.getJMeterProperties().remove(dev.loadlab.settings.Reach.PROPERTY);
        }
    }
}
