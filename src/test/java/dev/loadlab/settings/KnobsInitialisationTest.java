package dev.loadlab.settings;

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
}
