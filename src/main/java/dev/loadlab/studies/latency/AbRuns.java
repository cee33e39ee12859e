package dev.loadlab.studies.latency;

import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Spread;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.shared.Repeats;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ApacheBench's summary for each {@code ab -c C -n N} scenario of a LatencySimulation run. The scenarios run one
 * after the other and a request record names no scenario, so each scenario's requests are those started between
 * its first user's start and its last user's end. Over -Drepeats (a later repeat's scenario ends in {@code repeat=2}),
 * the study's table figures of one run (tool, wire, ab run) are given as their median, least and most.
 */
public final class AbRuns {
    private static final Pattern LABEL = Pattern.compile("ab (?:-k )?-c (\\d+) -n (\\d+)");
    /** The rows of ab's "Percentage of the requests served within a certain time". */
    static final int[] SERVED_WITHIN = {50, 66, 75, 80, 90, 95, 98, 99, 100};

    private AbRuns() {}

    public static List<AbRun> of(String protocol, GatlingLog log) {
        List<AbRun> runs = new ArrayList<>();
        for (int s = 0; s < log.scenarios().size(); s++) {
            Matcher m = LABEL.matcher(log.scenarios().get(s));
            if (!m.find()) {
                continue;
            }
            int scenario = s;
            int from = log.users().stream()
                    .filter(u -> u.scenario() == scenario && u.start())
                    .mapToInt(GatlingLog.User::atMs)
                    .min()
                    .orElse(Integer.MAX_VALUE);
            int to = log.users().stream()
                    .filter(u -> u.scenario() == scenario && !u.start())
                    .mapToInt(GatlingLog.User::atMs)
                    .max()
                    .orElse(Integer.MIN_VALUE);
            runs.add(summary(
                    protocol,
                    log.scenarios().get(s),
                    Integer.parseInt(m.group(1)),
                    log.requests().stream()
                            .filter(r -> r.startMs() >= from && r.startMs() <= to)
                            .toList()));
        }
        return runs;
    }

    /** ab's "Percentage of the requests served within a certain time" from a histogram of totals. */
    static Map<String, Long> servedWithin(LatencyStats total) {
        Map<String, Long> within = new LinkedHashMap<>();
        for (int p : SERVED_WITHIN) {
            within.put(p + "%", total.percentile(p));
        }
        return within;
    }

    static AbRun summary(String protocol, String label, int concurrency, List<GatlingLog.Request> requests) {
        LatencyStats total = new LatencyStats();
        long failed = 0;
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;
        for (GatlingLog.Request r : requests) {
            total.add(r.responseMs());
            failed += r.ok() ? 0 : 1;
            first = Math.min(first, r.startMs());
            last = Math.max(last, r.endMs());
        }
        long n = requests.size();
        double seconds = n == 0 ? 0 : Math.max(1, last - first) / 1000.0;
        Map<String, Long> within = servedWithin(total);
        // ab: "Time per request" is concurrency x time taken / requests; "across all concurrent requests" is time /
        // requests.
        return new AbRun(
                "gatling",
                protocol,
                label,
                concurrency,
                n,
                failed,
                seconds,
                n == 0 ? 0 : n / seconds,
                n == 0 ? 0 : concurrency * seconds * 1000 / n,
                n == 0 ? 0 : seconds * 1000 / n,
                Map.of("total", Times.of(total)),
                within,
                null,
                null,
                null);
    }

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

    /** Whether any run is a repeat. */
    static boolean repeated(List<AbRun> runs) {
        return runs.stream().anyMatch(r -> Repeats.isRepeat(r.label()));
    }

    /** Per tool, wire and ab run, in the order they first ran. */
    static List<Range> ranges(List<AbRun> runs) {
        Map<List<String>, List<AbRun>> byRun = new LinkedHashMap<>();
        // summaries from before ab runs named their tool held Gatling's only
        runs.forEach(r -> byRun.computeIfAbsent(
                        List.of(r.tool() == null ? "gatling" : r.tool(), r.protocol(), Repeats.cell(r.label())),
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
