package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.studies.gatewaycapacity.GatewayKnobs;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The catalogue's classes initialise in any order: a step that reads a study's settings (GatewayKnobs, in the study's
 * package) first sees every setting in the catalogue, and so does one that reads the catalogue first.
 */
class KnobsInitialisationTest {
    @Test
    void shouldGiveTheCatalogueEveryStudySettingWhenAStudysSettingsAreInitialisedFirst() throws Exception {
        assertTrue(catalogueNames(GatewayKnobs.class).contains(GatewayKnobs.BODY.name()));
    }

    @Test
    void shouldGiveTheCatalogueEveryStudySettingWhenTheCatalogueIsInitialisedFirst() throws Exception {
        List<String> names = catalogueNames(Catalogue.class);
        assertTrue(names.contains(GatewayKnobs.BODY.name()), names.toString());
        assertEquals(names.size(), Set.copyOf(names).size(), "each setting once: " + names);
    }

    /** The names in Catalogue.ALL of a loader of its own, where {@code first} was initialised before anything else. */
    private static List<String> catalogueNames(Class<?> first) throws Exception {
        URL classes = Catalogue.class.getProtectionDomain().getCodeSource().getLocation();
        // a loader of its own, so that this JVM's earlier use of either class does not hide the order
        try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            Class.forName(first.getName(), true, fresh);
            Class<?> catalogue = Class.forName(Catalogue.class.getName(), true, fresh);
            List<?> settings = (List<?>) catalogue.getField("ALL").get(null);
            assertFalse(settings.contains(null), settings.toString());
            Method name = Class.forName(Setting.class.getName(), true, fresh).getMethod("name");
            List<String> names = new ArrayList<>();
            for (Object setting : settings) {
                names.add((String) name.invoke(setting));
            }
            return names;
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
