package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.jmeter.assertions.Assertion;
import org.apache.jmeter.config.ConfigElement;
import org.apache.jmeter.control.Controller;
import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.timers.Timer;
import org.apache.jmeter.visualizers.Visualizer;
import org.junit.jupiter.api.Test;

/**
 * JMeter's GUI files a TestBean under a menu by the interfaces it implements (TestBeanGUI); one it cannot file is an
 * error in its log as it starts, whatever plan is opened (the GUI check fails on it). Each of loadlab's must be filed.
 */
class TestBeanMenusTest {
    private static final List<Class<?>> MENUS = List.of(
            Sampler.class,
            ConfigElement.class,
            PreProcessor.class,
            PostProcessor.class,
            Assertion.class,
            Visualizer.class,
            Timer.class,
            Controller.class);

    @Test
    void shouldGiveEachOfLoadlabsTestBeansAMenuOfJMetersGui() throws Exception {
        List<String> beans;
        try (Stream<Path> files = Files.list(Path.of("src/main/java/dev/loadlab/jmeter"))) {
            beans = files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith("BeanInfo.java"))
                    .map(n -> n.replace("BeanInfo.java", ""))
                    .toList();
        }
        assertFalse(beans.isEmpty());
        for (String bean : beans) {
            Class<?> c = Class.forName("dev.loadlab.jmeter." + bean);
            assertTrue(MENUS.stream().anyMatch(m -> m.isAssignableFrom(c)), bean + " has no menu in JMeter's GUI");
        }
    }
}
