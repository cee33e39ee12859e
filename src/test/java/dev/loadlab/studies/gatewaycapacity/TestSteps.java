package dev.loadlab.studies.gatewaycapacity;

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
                null);
    }
}
