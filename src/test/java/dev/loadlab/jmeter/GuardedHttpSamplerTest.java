package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.loadlab.settings.Reach;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * JMeter's HTTP Request as the build runs it, with each of JMeter's implementations, between two real servers on
 * loopback: the target, and another port that no target is on, which counts every request that reaches it.
 */
class GuardedHttpSamplerTest {
    @TempDir
    static Path dir;

    static Server target;
    static Server elsewhere;

    /** A loopback server that counts the requests it gets, by path, and answers what {@code pages} say. */
    static final class Server implements AutoCloseable {
        final HttpServer http;
        final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();

        Server(Map<String, String[]> pages) throws IOException {
            http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            http.createContext("/", exchange -> {
                String path = exchange.getRequestURI().getPath();
                requests.computeIfAbsent(path, p -> new AtomicLong()).incrementAndGet();
                String[] page = pages.getOrDefault(path, new String[] {"200", "text/plain", "ok"});
                if (page[0].startsWith("30")) {
                    exchange.getResponseHeaders().add("Location", page[2]);
                }
                byte[] body = page[2].getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", page[1]);
                exchange.sendResponseHeaders(Integer.parseInt(page[0]), body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            http.start();
        }

        int port() {
            return http.getAddress().getPort();
        }

        long total() {
            return requests.values().stream().mapToLong(AtomicLong::get).sum();
        }

        @Override
        public void close() {
            http.stop(0);
        }
    }

    @BeforeAll
    static void start() throws IOException {
        JMeterForTests.loadProperties(dir);
        elsewhere = new Server(Map.of());
        String other = "http://127.0.0.1:" + elsewhere.port();
        target = new Server(Map.of(
                "/away", new String[] {"302", "text/plain", other + "/landed"},
                "/home", new String[] {"302", "text/plain", "/page"},
                "/page",
                        new String[] {
                            "200",
                            "text/html",
                            "<html><body><img src=\"/logo.png\"><img src=\"" + other + "/tracker.png\"></body></html>"
                        }));
        JMeterUtils.setProperty(Reach.PROPERTY, "target=127.0.0.1:" + target.port());
    }

    @AfterAll
    static void stop() {
        target.close();
        elsewhere.close();
        JMeterUtils.getJMeterProperties().remove(Reach.PROPERTY); // JMeter's properties are the test JVM's
    }

    @BeforeEach
    void variables() {
        JMeterContextService.getContext().setVariables(new JMeterVariables());
        target.requests.clear();
        elsewhere.requests.clear();
    }

    private GuardedHttpSampler sampler(String implementation, String host, int port, String path) {
        GuardedHttpSampler sampler = new GuardedHttpSampler();
        sampler.setName("under test");
        sampler.setImplementation(implementation);
        sampler.setProtocol("http");
        sampler.setDomain(host);
        sampler.setPort(port);
        sampler.setPath(path);
        sampler.setMethod("GET");
        return sampler;
    }

    private static String blocked(SampleResult result) {
        return result.getResponseCode() + " | " + result.getResponseMessage();
    }

    @AfterEach
    void endThread() {
        JMeterContextService.getContext().setVariables(null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"HttpClient4", "Java"})
    void shouldSendToTheTargetAndNotSendToAnotherPortNamingItsHost(String implementation) {
        SampleResult sent =
                sampler(implementation, "127.0.0.1", target.port(), "/hello").sample();
        SampleResult refused =
                sampler(implementation, "127.0.0.1", elsewhere.port(), "/hello").sample();

        assertTrue(sent.isSuccessful(), blocked(sent));
        assertEquals(1, target.total());
        assertFalse(refused.isSuccessful());
        assertEquals(
                "Non HTTP response code: dev.loadlab.shared.HostGuard$BlockedHost | Non HTTP response message: blocked"
                        + " host 127.0.0.1:" + elsewhere.port()
                        + " (no target of this build is there: docs/own-scenarios.md#where-load-goes)",
                blocked(refused));
        assertEquals("under test", refused.getSampleLabel());
        assertEquals(0, elsewhere.total(), "not sent");
    }

    @ParameterizedTest
    @ValueSource(strings = {"HttpClient4", "Java"})
    void shouldFollowARedirectOnTheTargetButNotOneToAnotherHost(String implementation) {
        GuardedHttpSampler home = sampler(implementation, "127.0.0.1", target.port(), "/home");
        home.setFollowRedirects(true);
        GuardedHttpSampler away = sampler(implementation, "127.0.0.1", target.port(), "/away");
        away.setAutoRedirects(true); // the HTTP client would follow it unseen: the sampler follows it instead

        SampleResult followed = home.sample();
        SampleResult refused = away.sample();

        assertTrue(followed.isSuccessful(), blocked(followed));
        assertEquals(1, target.requests.get("/page").get());
        assertFalse(refused.isSuccessful());
        SampleResult last = refused.getSubResults()[refused.getSubResults().length - 1];
        assertTrue(blocked(last).contains("blocked host 127.0.0.1:" + elsewhere.port()), blocked(last));
        assertEquals(0, elsewhere.total(), "not followed there");
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void shouldFetchEmbeddedResourcesOfTheTargetButNotOfAnotherHost(boolean concurrentPool) {
        GuardedHttpSampler page = sampler("HttpClient4", "127.0.0.1", target.port(), "/page");
        page.setImageParser(true);
        page.setConcurrentDwn(concurrentPool);

        HTTPSampleResult result = (HTTPSampleResult) page.sample();

        assertEquals(1, target.requests.get("/logo.png").get());
        assertEquals(0, elsewhere.total(), "a resource elsewhere is not fetched");
        List<String> resources = Arrays.stream(result.getSubResults())
                .map(GuardedHttpSamplerTest::blocked)
                .toList();
        assertTrue(
                resources.stream().anyMatch(r -> r.contains("blocked host 127.0.0.1:" + elsewhere.port())),
                resources.toString());
        assertFalse(result.isSuccessful(), "a resource not fetched fails its page, as JMeter's own failures do");
    }

    @Test
    void shouldNotSendLoadlabsSamplersRequestToAnotherPortEither() {
        Http2Sampler sampler = new Http2Sampler();
        sampler.setName("h2 sampler");
        sampler.setProtocol("http1");
        sampler.setUrl("http://127.0.0.1:" + elsewhere.port() + "/x");
        sampler.threadStarted();
        try {
            SampleResult refused = sampler.sample(null);

            assertFalse(refused.isSuccessful());
            assertTrue(blocked(refused).contains("blocked host 127.0.0.1:" + elsewhere.port()), blocked(refused));
            assertEquals(0, elsewhere.total());
        } finally {
            sampler.threadFinished();
        }
    }
}
