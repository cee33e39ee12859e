package dev.loadlab.studies;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each study asks started beside the embedded target, as its settings and the wires Gatling runs ask. */
class CompanionsTest {
    private static final List<Wire> GATLING_WIRES = List.of(Wire.HTTP1, Wire.H2);

    @Test
    void shouldGiveTheLatencyStudyAColdTargetPerGatlingWireForItsToolsOverThatWiresScheme() {
        List<Study.Companion> cold = Studies.of("latency").companions(Settings.of(Map.of()), GATLING_WIRES);

        assertEquals(
                List.of(
                        new Study.Companion(
                                "cold-target-http1", false, "target.coldUrl.http1", false, "latency.coldRun"),
                        new Study.Companion("cold-target-h2", false, "target.coldUrl.h2", true, "latency.coldRun")),
                cold);
        assertEquals(
                List.of(),
                Studies.of("latency").companions(Settings.of(Map.of("latency.coldRun", "false")), GATLING_WIRES));
    }

    @Test
    void shouldGiveTheGatewayStudyItsUpstreamForTheTargetUnlessTheSettingNamesOne() {
        Study gateway = Studies.of("gateway-capacity");

        assertEquals(
                List.of(new Study.Companion(
                        "gateway-upstream", true, "server.gatewayUpstream", false, "server.gatewayUpstream")),
                gateway.companions(Settings.of(Map.of()), List.of()));
        assertEquals(
                List.of(),
                gateway.companions(
                        Settings.of(Map.of("server.gatewayUpstream", "http://127.0.0.1:9/x")), GATLING_WIRES));
    }

    @Test
    void shouldStartNothingForTheOtherStudies() {
        for (String name : List.of("api-gateway", "odata-write", "bulk", "calibration")) {
            assertEquals(List.of(), Studies.of(name).companions(Settings.of(Map.of()), GATLING_WIRES), name);
        }
    }
}
