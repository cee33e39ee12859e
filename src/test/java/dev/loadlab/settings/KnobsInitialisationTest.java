package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The catalogue's classes initialise in any order: a step that reads GatewayKnobs first sees every setting. */
class KnobsInitialisationTest {
    @Test
    void shouldGiveGatlingsListEveryGatewaySettingWhenGatewayKnobsIsInitialisedFirst() throws Exception {
        URL classes = GatewayKnobs.class.getProtectionDomain().getCodeSource().getLocation();
        // a loader of its own, so that this JVM's earlier use of either class does not hide the order
        try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class.forName(GatewayKnobs.class.getName(), true, fresh);
            Class<?> gatling = Class.forName(GatlingKnobs.class.getName(), true, fresh);
            java.lang.reflect.Field all = gatling.getDeclaredField("ALL");
            all.setAccessible(true);
            List<?> settings = (List<?>) all.get(null);
            assertFalse(settings.contains(null), settings.toString());
        }
    }

    @Test
    void shouldGiveTheCatalogueEveryStudysNameAndGateLimitsWhenContractKnobsIsInitialisedFirst() throws Exception {
        URL classes = ContractKnobs.class.getProtectionDomain().getCodeSource().getLocation();
        // the studies' list is made while the catalogue asks it for their names: it must read no setting as it is made
        try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class<?> contract = Class.forName(ContractKnobs.class.getName(), true, fresh);
            List<?> names = (List<?>) contract.getField("EXPERIMENT_NAMES").get(null);
            assertEquals(
                    List.of("api-gateway", "latency", "gateway-capacity", "odata-write", "bulk", "calibration"), names);
            Class<?> report = Class.forName(ReportKnobs.class.getName(), true, fresh);
            assertFalse(report.getField("LIMITS").get(null) == null);
        }
    }
}
