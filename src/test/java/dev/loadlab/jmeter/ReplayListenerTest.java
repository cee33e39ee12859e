package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URL;
import java.nio.file.Path;
import java.util.Set;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the replay log says a sample sent, from each sampler's result as JMeter fills it in. */
class ReplayListenerTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterForTests.loadProperties(dir);
    }

    @Test
    void shouldTellWhatJMetersHttpRequestSentItsCookiesAndBodyWithTheSecretMasked() throws Exception {
        HTTPSampleResult r = new HTTPSampleResult();
        r.setHTTPMethod("POST");
        r.setURL(new URL("https://shop.example/login"));
        r.setRequestHeaders("Content-Type: application/x-www-form-urlencoded\nAuthorization: Bearer abc\n");
        r.setCookies("sid=s-1");
        r.setQueryString("csrf=c-9&password=hunter22");
        assertEquals(
                "POST https://shop.example/login; Content-Type: application/x-www-form-urlencoded; Authorization:"
                        + " Bearer ****; Cookie: sid=****; body: csrf=c-9&password=****",
                ReplayListener.sent(r, Set.of("hunter22")));
    }

    @Test
    void shouldTellWhatLoadlabsSamplerSentFromItsSamplerData() {
        SampleResult r = new SampleResult();
        r.setSamplerData("POST https://shop.example/api/orders\n\n{\"sku\":\"b-42\"}");
        r.setRequestHeaders("Content-Type: application/json\n");
        assertEquals(
                "POST https://shop.example/api/orders; Content-Type: application/json; body: {\"sku\":\"b-42\"}",
                ReplayListener.sent(r, Set.of()));
    }

    @Test
    void shouldCountJMetersNonHttpResponseCodeAsNoAnswer() {
        assertEquals(403, ReplayListener.status("403"));
        assertEquals(0, ReplayListener.status("Non HTTP response code: java.net.ConnectException"));
    }
}
