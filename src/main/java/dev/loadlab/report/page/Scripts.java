package dev.loadlab.report.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Properties;

/**
 * The pages' scripts, all inline so that a page opens offline (file://, no network): Chart.js (MIT) from its WebJar
 * on the class path, the specs of the page's charts as JSON, the drawing script and the tables' script.
 */
final class Scripts {
    private static final String WEBJAR = "META-INF/resources/webjars/chart.js/";
    private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Scripts() {}

    /** Chart.js's UMD build from the WebJar (its MIT licence banner stays at the top). */
    static String chartLibrary() {
        ClassLoader loader = Scripts.class.getClassLoader();
        try (InputStream pom = loader.getResourceAsStream(WEBJAR_POM)) {
            if (pom == null) {
                throw new IllegalStateException("no Chart.js WebJar on the class path (" + WEBJAR_POM + ")");
            }
            Properties p = new Properties();
            p.load(pom);
            String umd = WEBJAR + p.getProperty("version") + "/dist/chart.umd.js";
            try (InputStream js = loader.getResourceAsStream(umd)) {
                if (js == null) {
                    throw new IllegalStateException("no " + umd + " in the Chart.js WebJar");
                }
                return inlineSafe(new String(js.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String specs(List<ChartSpec> charts) {
        try {
            return inlineSafe(JSON.writeValueAsString(charts));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("chart specs are plain records", e);
        }
    }

    /** A file beside the templates (charts.js, tables.js, page.css). */
    static String resource(String name) {
        try (InputStream in = Scripts.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the report's " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Nothing in a script element may close it; a JS or JSON string reads a backslash before "/" as "/". */
    static String inlineSafe(String script) {
        return script.replaceAll("(?i)</(script)", "<\\\\/$1");
    }
}
