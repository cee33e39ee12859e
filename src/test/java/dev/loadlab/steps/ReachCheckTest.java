package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.jmeter.TestPlans;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReachCheckTest {
    @TempDir
    Path project;

    private static final String TUTORIAL = """
            package shop;

            /** From <a href="https://tutorial.example.org">the tutorial</a>. */
            public class ShopSimulation extends dev.loadlab.OwnJavaSimulation {
              HttpProtocolBuilder own = http.baseUrl("https://shop.example.com"); // "http://comment.example.com"
              ChainBuilder api = exec(http("orders").get(targetUrl("api") + "/orders")
                  .header("Referer", "https://referer.example.com"));
              ChainBuilder pay = exec(http("pay").get("http://127.0.0.1:9999/pay"));
            }
            """;

    private List<String> problems(Settings settings, String plan) throws IOException {
        Path source = project.resolve("src/test/java/shop/ShopSimulation.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, TUTORIAL);
        Path plans = Files.createDirectories(project.resolve("target/loadlab/jmeter"));
        Path web = Files.writeString(plans.resolve("shop.jmx"), plan);
        return ReachCheck.problems(project, settings, List.of(web), plans, Map.of(), OwnScenarios.discover(project));
    }

    @Test
    void shouldNameTheFileTheElementOrLineTheHostAndTheSettingThatWouldAllowIt() throws IOException {
        List<String> lines = problems(
                Settings.of(Map.of()),
                TestPlans.plan(
                        Map.of("host", "site.example"),
                        TestPlans.request("home", "${host}", "/", true)
                                + TestPlans.request("ok", "${__P(target.host)}", "/", true)));

        assertEquals(4, lines.size(), String.join("\n", lines));
        assertEquals(
                "jmeter/shop.jmx: HTTP Request \"home\" (from User Defined Variable host) names the host site.example:80,"
                        + " on no target of this build (it loads the embedded reference server); expected"
                        + " ${__P(target.host)}, ${__P(target.port)} and ${__P(target.scheme)} there"
                        + " (docs/own-scenarios.md#where-load-goes), or -Dtarget.url=http://site.example:80 to load"
                        + " that host, or -Dtarget.<name>.url=http://site.example:80 for a second service",
                lines.get(0));
        assertTrue(
                lines.get(1)
                        .startsWith("src/test/java/shop/ShopSimulation.java:5: \"https://shop.example.com\" names"
                                + " the host shop.example.com:443, on no target of this build"),
                lines.get(1));
        assertTrue(
                lines.get(2)
                        .startsWith("src/test/java/shop/ShopSimulation.java:8: \"http://127.0.0.1:9999/pay\""
                                + " names the host 127.0.0.1:9999"),
                lines.get(2));
        assertEquals(
                "src/test/java/shop/ShopSimulation.java:6: targetUrl(\"api\") reads the target api, which no setting"
                        + " gives; expected -Dtarget.api.url=<its base URL> (or target.api.url in loadlab.properties)",
                lines.get(3));
    }

    @Test
    void shouldAllowEachHostThatIsATargetOfTheBuild() throws IOException {
        List<String> lines = problems(
                Settings.of(Map.of(
                        "target.url", "https://shop.example.com",
                        "target.api.url", "http://127.0.0.1:9999",
                        "target.site.url", "http://site.example")),
                TestPlans.plan(Map.of("host", "site.example"), TestPlans.request("home", "${host}", "/", true)));

        assertEquals(List.of(), lines);
    }
}
