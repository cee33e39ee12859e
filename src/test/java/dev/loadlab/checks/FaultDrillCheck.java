package dev.loadlab.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the report of a fault drill run (scripts/fault-drill.sh) for what a user must see.
 * <ul>
 * <li>{@code faults}: resets counted as "connection reset" in Gatling's and JMeter's rows alike; a Gatling run whose
 * samples were refused for a while (the outage) and answered again after it.</li>
 * <li>{@code kill}: a Gatling run answered at first and refused from the kill on; JMeter's runs refused.</li>
 * </ul>
 * Both: index.html shows the errors over time. Prints what it found; exits 1 on the first thing missing.
 * Run with the project's test class path: java -cp ... dev.loadlab.checks.FaultDrillCheck faults|kill
 * reports/summary.json reports/index.html
 */
public class FaultDrillCheck {
    private static final String RESET = "connection reset";
    private static final String REFUSED = "connection refused";
    private final List<String> problems = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        JsonNode summary = new ObjectMapper().readTree(Path.of(args[1]).toFile());
        List<String> problems = problems(args[0], summary, Files.readString(Path.of(args[2])));
        problems.forEach(p -> System.err.println("fault drill check: " + p));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** What the report of drill {@code drill} lacks; empty when it shows the faults. */
    static List<String> problems(String drill, JsonNode summary, String html) {
        FaultDrillCheck c = new FaultDrillCheck();
        c.check(html.contains("Errors over time"), "index.html has no 'Errors over time' section");
        switch (drill) {
            case "faults" -> {
                for (String tool : List.of("gatling", "jmeter")) {
                    long resets = rowErrors(summary, tool, RESET);
                    System.out.println("fault drill: " + tool + " counted " + resets + " connection resets");
                    c.check(resets > 0, tool + " counted no connection reset");
                }
                c.check(anyRun(summary, "gatling", true), "no Gatling run shows the outage and the recovery after it");
            }
            case "kill" -> {
                c.check(anyRun(summary, "gatling", false), "no Gatling run shows answers and then the refusals");
                long refused = rowErrors(summary, "jmeter", REFUSED);
                System.out.println("fault drill: jmeter counted " + refused + " refused connections");
                c.check(refused > 0, "JMeter counted no refused connection");
            }
            default -> throw new IllegalArgumentException("usage: faults|kill SUMMARY.json INDEX.html");
        }
        return c.problems;
    }

    private void check(boolean holds, String problem) {
        if (!holds) {
            problems.add(problem);
        }
    }

    private static long rowErrors(JsonNode summary, String tool, String kind) {
        long n = 0;
        for (JsonNode row : summary.path("scenarios")) {
            if (row.path("tool").asText().equalsIgnoreCase(tool)) {
                n += row.path("errorsByKind").path(kind).asLong();
            }
        }
        return n;
    }

    /**
     * A run of {@code tool} whose buckets go: answered, then refused; with {@code recovered}, answered again after
     * the last refusal.
     */
    private static boolean anyRun(JsonNode summary, String tool, boolean recovered) {
        for (JsonNode run : summary.path("timelines")) {
            if (!run.path("tool").asText().equalsIgnoreCase(tool)) {
                continue;
            }
            int firstAnswered = -1, firstRefused = -1, lastRefused = -1, answeredAfter = -1;
            JsonNode buckets = run.path("buckets");
            for (int i = 0; i < buckets.size(); i++) {
                JsonNode b = buckets.get(i);
                boolean refused = b.path("errorsByKind").path(REFUSED).asLong() > 0;
                boolean answered = b.path("samples").asLong() > b.path("errors").asLong();
                if (answered && firstAnswered < 0) {
                    firstAnswered = i;
                }
                if (refused) {
                    firstRefused = firstRefused < 0 ? i : firstRefused;
                    lastRefused = i;
                }
                if (answered && lastRefused >= 0 && i > lastRefused) {
                    answeredAfter = i;
                }
            }
            // answers in a later bucket than the last refusal; for a kill, none may come after it
            boolean shape = firstAnswered >= 0
                    && firstRefused > firstAnswered
                    && (recovered ? answeredAfter > lastRefused : answeredAfter < 0);
            if (shape) {
                System.out.println("fault drill: " + tool + " "
                        + run.path("protocol").asText() + " "
                        + run.path("run").asText() + ": answered from second "
                        + firstAnswered * run.path("bucketSeconds").asInt()
                        + ", refused from "
                        + firstRefused * run.path("bucketSeconds").asInt()
                        + (recovered
                                ? " to "
                                        + lastRefused
                                                * run.path("bucketSeconds").asInt() + ", answered again after"
                                : " to the end"));
                return true;
            }
        }
        return false;
    }
}
