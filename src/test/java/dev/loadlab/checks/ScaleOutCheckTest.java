package dev.loadlab.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scale-out checker: parts add up to each total, and each total to the server's own count, or it says which. */
class ScaleOutCheckTest {

    @Test
    void shouldPassWhenEachTotalIsTheSumOfItsPartsAndTheServersCount(@TempDir Path dir) throws Exception {
        write(dir, 100, 50);
        assertEquals(List.of(), ScaleOutCheck.problems(dir));
    }

    @Test
    void shouldNameTheRunWhoseTotalTheServerDidNotCount(@TempDir Path dir) throws Exception {
        write(dir, 99, 50);
        assertEquals(
                List.of("jmeter HTTP/1.1 calibration: total 100 but the server counted 99"),
                ScaleOutCheck.problems(dir));
    }

    /** JMeter's controller run: 60 + 40 samples on two engines; Gatling's merged run: 30 + 20 on two injectors. */
    private static void write(Path dir, long jmeterServed, long gatlingServed) throws Exception {
        Files.writeString(dir.resolve("counts-start.json"), counts(0, 0));
        Files.writeString(dir.resolve("counts-controller.json"), counts(jmeterServed, 0));
        Files.writeString(dir.resolve("counts-injectors.json"), counts(jmeterServed, gatlingServed));
        Files.writeString(
                dir.resolve("controller-summary.json"),
                summary(
                        "jmeter",
                        "HTTP/1.1",
                        "engine",
                        part("engine 127.0.0.2", 60, 0, 10),
                        part("127.0.0.3", 40, 0, 10)));
        Files.writeString(
                dir.resolve("merged-summary.json"),
                summary("gatling", "h2", "injector", part("injector 1/2", 30, 0, 10), part("injector 2/2", 20, 5, 15)));
    }

    private static String counts(long jmeter, long gatling) {
        return "{\"jmeter-http1-calibration\":{\"count\":" + jmeter + "},\"gatling-h2-calibration\":{\"count\":"
                + gatling + "}}";
    }

    private static String part(String name, long samples, long firstMs, long lastMs) {
        return "{\"name\":\"" + name + "\",\"samples\":" + samples + ",\"throughputPerSec\":1.0,\"firstEpochMs\":"
                + firstMs + ",\"lastEpochMs\":" + lastMs + "}";
    }

    private static String summary(String tool, String protocol, String kind, String... parts) {
        long total = 0;
        for (String p : parts) {
            total += Long.parseLong(p.replaceAll(".*\"samples\":(\\d+).*", "$1"));
        }
        return "{\"scenarios\":[{\"tool\":\"" + tool + "\",\"scenario\":\"all requests\"}],\"generators\":[{\"tool\":\""
                + tool + "\",\"protocol\":\"" + protocol + "\",\"run\":\"calibration\",\"kind\":\"" + kind
                + "\",\"count\":2,\"parts\":[" + String.join(",", parts) + "],\"total\":{\"samples\":" + total + "}}]}";
    }
}
