package dev.loadlab.studies.odatawrite;

import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.shared.Repeats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The write-strategies study from an ODataWriteSimulation run: each run is a group {@code <strategy>[-<width>]
 * records=<n>[ repeat=<r>]} (one per user for parallel runs; the repeat from the second of -Drepeats on); its wall time from the first group start to the last group end,
 * divided by the records, is the study's ms per record. A run with failed requests names their most frequent kind
 * ({@link ErrorClassifier}), the study's "502 starts occurring" at that record count; so does a run whose writes
 * passed and whose count check after them failed (the request {@value #VERIFY}, outside the group: a lost write, or
 * the check's own request refused), with "(count check)" after the kind.
 */
public final class WriteStrategies {
    private static final Pattern GROUP = Pattern.compile("([A-Za-z]+)(?:-(\\d+))? records=(\\d+)" + Repeats.OPTIONAL);

    /** The simulation's request that checks the server's count after each run (ODataChains). */
    static final String VERIFY = "verify $count";
    /** The name of that request's check (ODataRequests.count): it failing means the server holds other rows. */
    private static final String COUNT_CHECK = "rows on the server = rows before + records written";

    private WriteStrategies() {}

    public static List<WritePoint> of(String protocol, GatlingLog log) {
        Map<String, int[]> spans = new LinkedHashMap<>(); // label -> {first start, last end, failed groups}
        for (GatlingLog.Group g : log.groups()) {
            if (g.groups().size() != 1 || !GROUP.matcher(g.groups().get(0)).matches()) {
                continue;
            }
            int[] span =
                    spans.computeIfAbsent(g.groups().get(0), k -> new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, 0});
            span[0] = Math.min(span[0], g.startMs());
            span[1] = Math.max(span[1], g.endMs());
            span[2] += g.ok() ? 0 : 1;
        }
        Map<String, Map<String, Long>> kinds = new LinkedHashMap<>(); // label -> error kind -> failed requests
        for (GatlingLog.Request r : log.requests()) {
            if (!r.ok()
                    && r.groups().size() == 1
                    && spans.containsKey(r.groups().get(0))) {
                kinds.computeIfAbsent(r.groups().get(0), k -> new java.util.TreeMap<>())
                        .merge(ErrorClassifier.gatling(r.message()), 1L, Long::sum);
            }
        }
        for (GatlingLog.Request r : log.requests()) {
            if (!r.ok() && r.groups().isEmpty() && r.name().equals(VERIFY)) {
                lastEndedBefore(spans, r.startMs()).ifPresent(label -> {
                    spans.get(label)[2]++;
                    kinds.computeIfAbsent(label, k -> new java.util.TreeMap<>())
                            .putIfAbsent(
                                    r.message().startsWith(COUNT_CHECK)
                                            ? "count mismatch"
                                            : ErrorClassifier.gatling(r.message()) + " (count check)",
                                    0L);
                });
            }
        }
        return spans.entrySet().stream()
                .map(e -> {
                    Matcher m = GROUP.matcher(e.getKey());
                    m.matches();
                    int records = Integer.parseInt(m.group(3));
                    long wall = Math.max(0, e.getValue()[1] - e.getValue()[0]);
                    return new WritePoint(
                            protocol,
                            m.group(1),
                            m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
                            records,
                            wall,
                            (double) wall / records,
                            e.getValue()[2] == 0,
                            kinds.getOrDefault(e.getKey(), Map.of()).entrySet().stream()
                                    .max(Map.Entry.comparingByValue())
                                    .map(Map.Entry::getKey)
                                    .orElse(null),
                            Repeats.of(m.group(4)));
                })
                .toList();
    }

    /** The run whose writes ended last before {@code ms}: the one a count check at {@code ms} follows. */
    private static java.util.Optional<String> lastEndedBefore(Map<String, int[]> spans, int ms) {
        return spans.entrySet().stream()
                .filter(e -> e.getValue()[1] <= ms)
                .max(java.util.Comparator.comparingInt(e -> e.getValue()[1]))
                .map(Map.Entry::getKey);
    }
}
