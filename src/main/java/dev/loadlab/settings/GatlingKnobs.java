package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.GATLING;

import java.util.List;

/** The Gatling simulations' knobs that every simulation shares: its assertions, its JVM, the switch; each study's are in its package. */
public final class GatlingKnobs {
    private GatlingKnobs() {}

    private static final Knobs gatling = new Knobs(GATLING);

    /**
     * In six paired builds the latency study's warm plain 10x1000 over TLS made a median 514 req/s with C1 alone, 415
     * with C2. The build's three runs take it (pom); {@code mvn gatling:test} on its own reads no settings and keeps
     * the JVM's default (a pom default would be fixed before the settings are read).
     */
    public static final Setting JIT_TIER = gatling.jitTier("gatling.jitTier", "the build's Gatling JVMs");

    /** Gatling's own switch, which the build's runs honour too (their skip flags are the build's, see Runs). */
    public static final Setting SKIP =
            gatling.bool("gatling.skip", false, "leave every Gatling run out of mvn verify (Gatling's own switch)");

    public static final Setting MAX_ERROR_PCT = gatling.full("1")
            .decimal(
                    "assert.maxErrorPct",
                    0,
                    100,
                    5,
                    "%",
                    "failed requests a simulation may have before its assertions fail");
    public static final Setting P95_MS = gatling.full("1000")
            .integer(
                    "assert.p95Ms",
                    1,
                    3_600_000,
                    5000,
                    "ms",
                    "p95 response time a simulation may reach before its assertions fail");

    static final List<Setting> ALL = gatling.all();
}
