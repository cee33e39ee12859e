package dev.loadlab.live;

import dev.loadlab.report.gate.GateSettings;
import dev.loadlab.report.model.Check;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code gate.limits} entries marked {@code :stop}, judged while a run goes on, as k6's thresholds with
 * abortOnFail: a row's figures so far against its bounds, once it has {@code gate.minSamples} samples (a few first
 * samples say too little). The figures are those of the whole run so far, as the gate reads them at its end; minRps is
 * left to the gate (a rate is the run's whole).
 */
public record StopLimits(List<GateSettings.Override> entries, long minSamples) {

    /** The figures judged live, in the order they are judged. */
    static final List<String> LIVE = List.of("errorPct", "p50Ms", "p90Ms", "p95Ms", "p99Ms", "meanMs", "maxMs");

    /** One crossed bound: which row, which figure, its value and bound, after how many samples. */
    public record Crossing(String row, String figure, double value, double bound, long samples) {
        /** "p95Ms 812 > 500 after 1,234 samples". */
        public String text() {
            return String.format(
                    Locale.ROOT, "%s %s > %s after %d samples", figure, Check.fmt(value), Check.fmt(bound), samples);
        }
    }

    public static StopLimits of(String limitsText, long minSamples) {
        return new StopLimits(
                GateSettings.parseLimits(limitsText).stream()
                        .filter(GateSettings.Override::stop)
                        .toList(),
                minSamples);
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The bounds that stop {@code rowKey}'s run: each figure's last matching entry, as the gate matches rows. */
    Map<String, Double> boundsFor(String rowKey) {
        Map<String, Double> bounds = new LinkedHashMap<>();
        for (GateSettings.Override e : entries) {
            if (rowKey.toLowerCase(Locale.ROOT).contains(e.match().toLowerCase(Locale.ROOT))) {
                LIVE.stream()
                        .filter(e.bounds()::containsKey)
                        .forEach(f -> bounds.put(f, e.bounds().get(f)));
            }
        }
        return bounds;
    }

    Optional<Crossing> judge(String rowKey, LiveRow row) {
        if (row.samples() < minSamples) {
            return Optional.empty();
        }
        for (Map.Entry<String, Double> b : boundsFor(rowKey).entrySet()) {
            double value = row.figure(b.getKey());
            if (value > b.getValue()) {
                return Optional.of(new Crossing(rowKey, b.getKey(), value, b.getValue(), row.samples()));
            }
        }
        return Optional.empty();
    }
}
