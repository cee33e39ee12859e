package dev.loadlab.report.read;

import dev.loadlab.report.model.Summary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The write-strategies study from an ODataWriteSimulation run: each run is a group {@code <strategy>[-<width>]
 * records=<n>} (one per user for parallel runs); its wall time from the first group start to the last group end,
 * divided by the records, is the study's ms per record.
 */
public final class WriteStrategies {
    private static final Pattern GROUP = Pattern.compile("([A-Za-z]+)(?:-(\\d+))? records=(\\d+)");

    private WriteStrategies() {}

    public static List<Summary.WritePoint> of(String protocol, GatlingLog log) {
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
        return spans.entrySet().stream()
                .map(e -> {
                    Matcher m = GROUP.matcher(e.getKey());
                    m.matches();
                    int records = Integer.parseInt(m.group(3));
                    long wall = Math.max(0, e.getValue()[1] - e.getValue()[0]);
                    return new Summary.WritePoint(
                            protocol,
                            m.group(1),
                            m.group(2) == null ? 1 : Integer.parseInt(m.group(2)),
                            records,
                            wall,
                            (double) wall / records,
                            e.getValue()[2] == 0);
                })
                .toList();
    }
}
