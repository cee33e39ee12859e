package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanHostsTest {
    @TempDir
    Path dir;

    private List<String> hosts(String planText, Map<String, String> properties) throws IOException {
        Path plan = Files.writeString(dir.resolve("p.jmx"), planText);
        return PlanHosts.of(dir, plan, properties).stream()
                .map(n -> n.element() + " | " + n.via() + " | "
                        + (n.target() != null ? "target " + n.target() : n.host()))
                .toList();
    }

    @Test
    void shouldNameTheLiteralHostOfDefaultsAndOfARequestWithTheDefaultsPortAndScheme() throws IOException {
        String text = TestPlans.plan(
                Map.of(),
                TestPlans.defaults("shop.example.com", "8443", "https")
                        + TestPlans.request("home", "", "/", true)
                        + TestPlans.request("other", "other.example.com", "/x", true));

        assertEquals(
                List.of(
                        "HTTP Request Defaults \"defaults\" |  | shop.example.com:8443",
                        "HTTP Request \"other\" |  | other.example.com:8443"),
                hosts(text, Map.of()));
    }

    @Test
    void shouldFollowAUserDefinedVariableAndAPropertysDefaultButLeaveTheBuildsTargetAlone() throws IOException {
        String text = TestPlans.plan(
                Map.of("host", "site.example", "api", "${__P(api.host,api.example)}"),
                TestPlans.request("by variable", "${host}", "/", true)
                        + TestPlans.request("by default", "${api}", "/", true)
                        + TestPlans.request("the target", "${__P(target.host,localhost)}", "/", true)
                        + TestPlans.request("a named one", "${__P(target.login.host)}", "/", true)
                        + TestPlans.request("from a csv", "${fromCsv}", "/", true));

        assertEquals(
                List.of(
                        "HTTP Request \"by variable\" | User Defined Variable host | site.example:80",
                        "HTTP Request \"by default\" | the default of property api.host | api.example:80",
                        "HTTP Request \"the target\" |  | target ",
                        "HTTP Request \"a named one\" |  | target login"),
                hosts(text, Map.of()));
        assertEquals(
                "HTTP Request \"by default\" | property api.host | 127.0.0.1:80",
                hosts(text, Map.of("api.host", "127.0.0.1")).get(1),
                "a property the build sets wins over its default");
    }

    @Test
    void shouldTakeAWholeUrlInThePathOrInLoadlabsSamplerAndSkipWhatIsDisabled() throws IOException {
        String http2 = """
                <dev.loadlab.jmeter.Http2Sampler guiclass="TestBeanGUI" testclass="dev.loadlab.jmeter.Http2Sampler" testname="h2">
                  <stringProp name="url">https://h2.example.com:9443/x</stringProp>
                </dev.loadlab.jmeter.Http2Sampler>
                <hashTree/>
                <dev.loadlab.jmeter.Http2Sampler guiclass="TestBeanGUI" testclass="dev.loadlab.jmeter.Http2Sampler" testname="ours">
                  <stringProp name="url">${__P(target.url)}/users</stringProp>
                </dev.loadlab.jmeter.Http2Sampler>
                <hashTree/>""";
        String disabledTree = """
                <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="off" enabled="false"/>
                <hashTree>%s</hashTree>""".formatted(TestPlans.request("inside", "inside.example.com", "/", true));
        String text = TestPlans.plan(
                Map.of(),
                TestPlans.request("absolute", "", "http://abs.example.com:81/x", true)
                        + TestPlans.request("disabled", "www.example.com", "/", false)
                        + http2
                        + disabledTree);

        assertEquals(
                List.of(
                        "HTTP Request \"absolute\" |  | abs.example.com:81",
                        "HTTP/2 Request (loadlab) \"h2\" |  | h2.example.com:9443",
                        "HTTP/2 Request (loadlab) \"ours\" |  | target "),
                hosts(text, Map.of()));
    }
}
