package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The demo app checks every value that carries its journey: Chromium's recording of it (demo-app.har), replayed as
 * recorded (its cookie, CSRF field, visit, token and order id, all made by the server that was recorded), is refused
 * from the first request that sends one back. The replay that carries them is the own-scenario check's (both tools).
 */
class DemoAppTest {
    private static final Path RECORDING = Path.of("src/test/resources/dev/loadlab/recording/demo-app.har");
    private static final Set<String> SENT_AS_RECORDED = Set.of("cookie", "authorization", "content-type", "accept");

    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    @Test
    void shouldRefuseTheRecordedValuesOfAnotherRunFromTheFirstRequestThatSendsOneBack() throws Exception {
        List<String> got = new ArrayList<>();
        for (JsonNode entry :
                new ObjectMapper().readTree(RECORDING.toFile()).path("log").path("entries")) {
            JsonNode request = entry.path("request");
            String url = request.path("url").asText();
            if (url.endsWith(".js")) {
                continue;
            }
            String pathAndQuery = url.substring(url.indexOf("/demo/"));
            HttpRequest.Builder b = HttpRequest.newBuilder(SERVER.http(pathAndQuery));
            for (JsonNode h : request.path("headers")) {
                String name = h.path("name").asText();
                if (SENT_AS_RECORDED.contains(name.toLowerCase(Locale.ROOT))) {
                    b.header(name, h.path("value").asText());
                }
            }
            String body = request.path("postData").path("text").asText("");
            b.method(request.path("method").asText(), HttpRequest.BodyPublishers.ofString(body));
            HttpResponse<String> r = SERVER.send(b.build());
            got.add(request.path("method").asText() + " " + pathAndQuery.replaceAll("[?].*", "") + " "
                    + entry.path("response").path("status").asInt() + "->" + r.statusCode());
        }
        assertEquals(
                List.of(
                        "GET /demo/app/login 200->200", // sends nothing back: a new session
                        "POST /demo/app/login 302->403", // the recorded session and CSRF field are another server's
                        "GET /demo/app/shop 200->403",
                        "POST /demo/app/api/token 200->403",
                        "POST /demo/app/api/orders 201->401", // the recorded token
                        "GET /demo/app/api/orders/ord-"
                                + got.get(5).split("/ord-")[1].split(" ")[0] + " 200->401",
                        "GET /demo/app/api/orders 200->401"),
                got);
    }

    @Test
    void shouldRefuseEveryLoginWhileTheServerHasNoPasswordAndSaySo() throws Exception {
        HttpResponse<String> page = SERVER.send(
                HttpRequest.newBuilder(SERVER.http("/demo/app/login")).build());
        String csrf = page.body().replaceAll("(?s).*name=\"csrf\" value=\"([A-Za-z0-9+/=]+)\".*", "$1");
        String cookie = page.headers().firstValue("set-cookie").orElseThrow().split(";")[0];
        HttpResponse<String> login = SERVER.send(HttpRequest.newBuilder(SERVER.http("/demo/app/login"))
                .header("Cookie", cookie)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(
                        "csrf=" + URLEncoder.encode(csrf, StandardCharsets.UTF_8) + "&user=ann&password=any"))
                .build());
        boolean set = System.getenv(DemoApp.PASSWORD_ENV) != null;
        assertEquals(401, login.statusCode(), login.body());
        assertTrue(set || login.body().contains(DemoApp.PASSWORD_ENV), login.body());
    }
}
