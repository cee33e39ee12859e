package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The web UI on a free port, running real tests against the bench's own H2. */
class BulkWebTest {
    private static BulkTarget target;
    private static Server server;
    private static String base;
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void start() throws Exception {
        BulkSettings settings =
                TestSettings.of(Map.of("bulk.httpPort", "0", "bulk.pairs", "2x50 1x100", "bulk.drop", "false"));
        target = BulkTarget.open(settings);
        server = BulkWeb.newServer(settings, target.database());
        server.start();
        base = server.getURI().toString().replaceAll("/$", "");
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop();
        target.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create(base + path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, Object> json(HttpResponse<String> response) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> map =
                new com.fasterxml.jackson.databind.ObjectMapper().readValue(response.body(), Map.class);
        return map;
    }

    @Test
    void shouldListOnLoopbackOnly() {
        assertContains(base, "http://127.0.0.1:");
    }

    @Test
    void shouldAnswerATestRequestWithItsResultAsJson() throws Exception {
        HttpResponse<String> response = get("/bulk/test?mode=parallel&batchcount=4&batchsize=250");
        assertEquals(200, response.statusCode(), response.body());
        assertContains(response.headers().firstValue("content-type").orElse(""), "application/json");
        Map<String, Object> result = json(response);
        assertEquals("parallel", result.get("mode"));
        assertEquals(1000, result.get("rows"));
        assertEquals(1000, result.get("rowsCommitted"));
        assertEquals(1000, result.get("rowsCounted"));
        assertEquals(null, result.get("error"));
        assertEquals(1000, json(get("/bulk/table/count")).get("rows"), "drop=false keeps the table for the commands");
    }

    @Test
    void shouldRejectBadTestParametersWith400() throws Exception {
        HttpResponse<String> mode = get("/bulk/test?mode=diagonal");
        assertEquals(400, mode.statusCode());
        assertContains(json(mode).get("error").toString(), "unknown mode 'diagonal'");
        assertEquals(400, get("/bulk/test?batchcount=2000").statusCode());
        assertEquals(400, get("/bulk/test?batchsize=0").statusCode());
        assertContains(get("/bulk/test?batchsize=lots").body(), "batchsize: 'lots' is not a whole number");
    }

    @Test
    void shouldCreateCountAndDropTheTable() throws Exception {
        assertEquals(null, json(get("/bulk/table/create")).get("error"));
        assertEquals(0, json(get("/bulk/table/count")).get("rows"));
        assertEquals(null, json(get("/bulk/table/drop")).get("error"));
        assertContains(json(get("/bulk/table/count")).get("error").toString(), "not found");
        assertEquals(404, get("/bulk/table/truncate").statusCode());
    }

    @Test
    void shouldShowRuntimeParametersStartLinksAndTableCommandsOnTheIndexPage() throws Exception {
        HttpResponse<String> page = get("/");
        assertEquals(200, page.statusCode());
        assertContains(
                page.body(),
                "Do not point it at a productive database",
                "H2 JDBC Driver",
                "cores",
                "href=\"/bulk/test?mode=sequential&amp;batchcount=2&amp;batchsize=50\"",
                "href=\"/bulk/test?mode=parallel&amp;batchcount=1&amp;batchsize=100\"",
                "0 (no cap: one per batch)",
                "/bulk/table/create",
                "/bulk/table/drop",
                "/bulk/table/count");
    }
}
