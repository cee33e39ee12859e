package dev.loadlab;

import io.gatling.core.Predef$;
import io.gatling.core.config.GatlingConfiguration;

/**
 * For tests that build Gatling's DSL outside a run: what Gatling does before it instantiates a simulation (the setter
 * is Gatling's own, public to Java alone), its configuration from the test class path's gatling.conf. Java, so that
 * the Java tests, compiled before the Scala ones, can use it too.
 */
public final class GatlingConfigured {
    static {
        Predef$.MODULE$._configuration_$eq(GatlingConfiguration.load());
    }

    private GatlingConfigured() {}

    /** Touching this class configures Gatling once per JVM. */
    public static void ensure() {}
}
