package dev.loadlab.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Checks what scripts/scale-out-check.sh left in its folder: the controller build's summary (JMeter on two remote
 * engines), the merged summary of two Gatling injectors, and the reference server's own count of every calibration
 * tag before and after each phase.
 * <ul>
 * <li>Every JMeter run names 2 engines and every merged Gatling run 2 injectors (1/2 and 2/2), each with samples of
 * its own;</li>
 * <li>each run's total is the sum of its parts;</li>
 * <li>and equals what the server counted for that tool and wire in that phase, so that no sample is lost, counted
 * twice or made up on the way.</li>
 * </ul>
 * Prints each run's parts; exits 1 when something does not hold. Run as a single-file program with the project's
 * test class path: java -cp ... dev.loadlab.checks.ScaleOutCheck target/scale-out
 */
public class ScaleOutCheck {
    /** The wire each tool names in its calibration tags: JMeter the wire, Gatling its protocol (it has no h2c). */
    private static final Map<String, String> JMETER_WIRES =
            Map.of("HTTP/1.1", "http1", "h2c", "h2c", "HTTP/1.1 over TLS", "http1-tls", "h2", "h2");

    private static final Map<String, String> GATLING_WIRES =
            Map.of("HTTP/1.1", "http1", "HTTP/1.1 over TLS", "http1", "h2", "h2");
    private final List<String> problems = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        List<String> problems = problems(Path.of(args[0]));
        problems.forEach(p -> System.err.println("scale-out check: " + p));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** What does not add up in what the check script left in {@code dir}; empty when every figure does. */
    static List<String> problems(Path dir) throws java.io.IOException {
        ObjectMapper json = new ObjectMapper();
        JsonNode start = json.readTree(dir.resolve("counts-start.json").toFile());
        JsonNode afterController =
                json.readTree(dir.resolve("counts-controller.json").toFile());
        JsonNode afterInjectors =
                json.readTree(dir.resolve("counts-injectors.json").toFile());
        JsonNode controller =
                json.readTree(dir.resolve("controller-summary.json").toFile());
        JsonNode merged = json.readTree(dir.resolve("merged-summary.json").toFile());

        ScaleOutCheck c = new ScaleOutCheck();
        c.checkRuns(controller, "jmeter", "engine", List.of(), start, afterController);
        c.checkRuns(
                merged,
                "gatling",
                "injector",
                List.of("injector 1/2", "injector 2/2"),
                afterController,
                afterInjectors);
        return c.problems;
    }

    /**
     * Every run of {@code tool} in the summary had 2 generators of {@code kind} (named {@code names}, where given),
     * and its total is the sum of theirs and the server's count of the tool's tags on its wire between two snapshots.
     */
    private void checkRuns(
            JsonNode summary, String tool, String kind, List<String> names, JsonNode before, JsonNode after) {
        List<JsonNode> runs = new ArrayList<>();
        summary.path("generators").forEach(g -> {
            if (g.path("tool").asText().equals(tool)) {
                runs.add(g);
            }
        });
        long totalRows = 0;
        for (JsonNode row : summary.path("scenarios")) {
            if (row.path("tool").asText().equals(tool)
                    && row.path("scenario").asText().startsWith("all ")) {
                totalRows++;
            }
        }
        check(!runs.isEmpty(), tool + ": no run with several load generators in the summary");
        check(
                runs.size() == totalRows,
                tool + ": " + runs.size() + " runs name their load generators, of " + totalRows + " runs");
        for (JsonNode run : runs) {
            String key = tool + " " + run.path("protocol").asText() + " "
                    + run.path("run").asText();
            long sum = 0;
            List<String> seen = new ArrayList<>();
            for (JsonNode part : run.path("parts")) {
                long samples = part.path("samples").asLong();
                System.out.printf(
                        "scale-out check: %s: %s sent %d samples (%.1f/s)%n",
                        key,
                        part.path("name").asText(),
                        samples,
                        part.path("throughputPerSec").asDouble());
                check(samples > 0, key + ": " + kind + " " + part.path("name").asText() + " sent no sample");
                seen.add(part.path("name").asText());
                sum += samples;
            }
            check(
                    run.path("kind").asText().equals(kind),
                    key + ": generators of kind " + run.path("kind").asText());
            check(
                    run.path("count").asInt() == 2 && seen.size() == 2,
                    key + ": " + seen.size() + " " + kind + "s, expected 2: " + seen);
            check(names.isEmpty() || seen.containsAll(names), key + ": " + seen + ", expected " + names);
            long total = run.path("total").path("samples").asLong();
            Map<String, String> wires = tool.equals("jmeter") ? JMETER_WIRES : GATLING_WIRES;
            long served = served(
                    before, after, tool + "-" + wires.get(run.path("protocol").asText()) + "-");
            System.out.printf(
                    "scale-out check: %s: total %d, sum of parts %d, the server counted %d%n", key, total, sum, served);
            check(total == sum, key + ": total " + total + " is not the sum of its parts " + sum);
            check(total == served, key + ": total " + total + " but the server counted " + served);
            if (kind.equals("injector")) {
                check(overlap(run.path("parts")) > 0, key + ": the injectors did not send at the same time");
            }
        }
    }

    /** The requests the server counted under tags beginning with {@code prefix} between two snapshots. */
    private static long served(JsonNode before, JsonNode after, String prefix) {
        long n = 0;
        for (Iterator<String> tags = after.fieldNames(); tags.hasNext(); ) {
            String tag = tags.next();
            if (tag.startsWith(prefix)) {
                n += after.path(tag).path("count").asLong()
                        - before.path(tag).path("count").asLong();
            }
        }
        return n;
    }

    /** How long (ms) every part was sending at once. */
    private static long overlap(JsonNode parts) {
        long from = Long.MIN_VALUE, to = Long.MAX_VALUE;
        for (JsonNode part : parts) {
            from = Math.max(from, part.path("firstEpochMs").asLong());
            to = Math.min(to, part.path("lastEpochMs").asLong());
        }
        return to - from;
    }

    private void check(boolean holds, String problem) {
        if (!holds) {
            problems.add(problem);
        }
    }
}
