package dev.loadlab.studies.latency;

import dev.loadlab.report.model.Spread;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The latency study over -Drepeats: Gatling runs each ab run again ({@code ab -c 10 -n 1000 repeat=2}), and the
 * study's table figures of one run (tool, wire, ab run) are given as their median, least and most.
 */
public final class AbRepeats {
    private AbRepeats() {}

    private static final Pattern REPEAT = Pattern.compile(" repeat=\\d+$");

    /** One ab run over its repeats: requests per second, time per request, and the 50, 95 and 99 % served within. */
    public record Range(
            String tool,
            String protocol,
            String label,
            int repeats,
            long failedRequests,
            Spread requestsPerSecond,
            Spread timePerRequestMs,
            Spread p50Ms,
            Spread p95Ms,
            Spread p99Ms) {}

    /** The ab run a label names, without its repeat: {@code ab -c 10 -n 1000 repeat=2} is {@code ab -c 10 -n 1000}. */
    static String run(String label) {
        return REPEAT.matcher(label).replaceFirst("");
    }

    /** Whether any run is a repeat. */
    static boolean repeated(List<AbRun> runs) {
        return runs.stream().anyMatch(r -> REPEAT.matcher(r.label()).find());
    }

    /** Per tool, wire and ab run, in the order they first ran. */
    static List<Range> ranges(List<AbRun> runs) {
        Map<List<String>, List<AbRun>> byRun = new LinkedHashMap<>();
        // summaries from before ab runs named their tool held Gatling's only
        runs.forEach(r -> byRun.computeIfAbsent(
                        List.of(r.tool() == null ? "gatling" : r.tool(), r.protocol(), run(r.label())),
                        k -> new ArrayList<>())
                .add(r));
        List<Range> ranges = new ArrayList<>();
        byRun.forEach((key, repeats) -> ranges.add(new Range(
                key.get(0),
                key.get(1),
                key.get(2),
                repeats.size(),
                repeats.stream().mapToLong(AbRun::failedRequests).sum(),
                spread(repeats, AbRun::requestsPerSecond),
                spread(repeats, AbRun::timePerRequestMs),
                spread(repeats, r -> within(r, "50%")),
                spread(repeats, r -> within(r, "95%")),
                spread(repeats, r -> within(r, "99%")))));
        return ranges;
    }

    private static Spread spread(List<AbRun> runs, Function<AbRun, Number> figure) {
        return Spread.of(runs.stream().map(figure).toList());
    }

    private static Long within(AbRun r, String percent) {
        return r.servedWithinMs() == null ? null : r.servedWithinMs().get(percent);
    }
}
