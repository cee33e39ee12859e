package dev.loadlab.studies.gatewaycapacity;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.read.Parts;
import java.util.List;

/** Gateway steps for tests: a doubling step at 100 ms, every request answered at its rate, the rest unknown. */
public final class TestSteps {
    private TestSteps() {}

    public static Gateway.Step step(
            String protocol, int rps, long clientP95Ms, boolean sustained, Gateway.ProcessUse gateway) {
        return new Gateway.Step(
                protocol,
                100,
                rps,
                "doubling",
                rps,
                0.0,
                (double) rps,
                clientP95Ms,
                null,
                null,
                null,
                null,
                sustained,
                null,
                null,
                gateway,
                null,
                null,
                null,
                1);
    }

    /** What a reader put into the summary's figures (GatewaySteps#finish), read back as the study's own type. */
    public static Gateway.Figures figures(Parts parts) {
        return new ObjectMapper().convertValue(parts.figures.get(GatewayCapacityStudy.NAME), Gateway.Figures.class);
    }

    public static List<Gateway.Step> steps(Parts parts) {
        return figures(parts).gatewaySteps();
    }

    public static List<Gateway.Knee> knees(Parts parts) {
        return figures(parts).gatewayKnees();
    }
}
