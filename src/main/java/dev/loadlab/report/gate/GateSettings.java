package dev.loadlab.report.gate;

import static dev.loadlab.settings.ReportKnobs.LIMITS;

import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gate's limits, read from the catalogue's {@link ReportKnobs} (defaults, ranges and why they are sized so are
 * there). Every scenario row must stay within {@code gate.maxErrorPct} and {@code gate.maxP95Ms}, unless an entry of
 * {@code gate.limits} matches it, the last matching entry winning; an entry may also bound a row's p50, p90, p99, mean,
 * max (at most) and throughput (at least), as an SLA reads. With a baseline, a row of at least
 * {@code gate.minSamples} samples regresses when its p95 rose by more than {@code gate.p95RisePct} and
 * {@code gate.p95RiseMinMs}, or its throughput fell by more than {@code gate.throughputFallPct}.
 */
public record GateSettings(
        double maxErrorPct,
        long maxP95Ms,
        List<Override> overrides,
        double p95RisePct,
        long p95RiseMinMs,
        double throughputFallPct,
        long minSamples) {

    private static final Pattern VALUE = Pattern.compile(":(\\w+)=([0-9.]+)");

    /** The figures beyond errorPct and p95Ms an entry may bound, in the order the gate checks them. */
    static final List<String> MORE = List.of("p50Ms", "p90Ms", "p99Ms", "meanMs", "maxMs", "minRps");

    /**
     * One entry: the rows it matches, the figures it bounds (errorPct, p95Ms, MORE), and whether a crossing stops the run
     * as it goes on (dev.loadlab.live.StopLimits).
     */
    public record Override(String match, Map<String, Double> bounds, boolean stop) {
        Double maxErrorPct() {
            return bounds.get("errorPct");
        }

        Long maxP95Ms() {
            return bounds.containsKey("p95Ms") ? bounds.get("p95Ms").longValue() : null;
        }
    }

    /** What one row is held to: errors and p95 always; {@code more}, the MORE figures some entry gave it. */
    record Limit(double maxErrorPct, long maxP95Ms, Map<String, Double> more) {
        Limit(double maxErrorPct, long maxP95Ms) {
            this(maxErrorPct, maxP95Ms, Map.of());
        }
    }

    /** @throws SettingError for the first value that is not allowed */
    public static GateSettings from(Settings settings) {
        return new GateSettings(
                settings.decimal(ReportKnobs.MAX_ERROR_PCT),
                settings.longValue(ReportKnobs.MAX_P95_MS),
                parseLimits(settings.get(LIMITS)),
                settings.decimal(ReportKnobs.P95_RISE_PCT),
                settings.longValue(ReportKnobs.P95_RISE_MIN_MS),
                settings.decimal(ReportKnobs.THROUGHPUT_FALL_PCT),
                settings.longValue(ReportKnobs.MIN_SAMPLES));
    }

    public static List<Override> parseLimits(String text) {
        List<Override> out = new ArrayList<>();
        if (text.equals("none")) {
            return out;
        }
        for (String entry : text.split(";")) {
            Matcher m = ReportKnobs.LIMIT_ENTRY.matcher(entry.strip());
            if (!m.matches()) {
                // Settings has checked it already; this keeps a direct caller to the same one line
                throw SettingError.notAllowed(LIMITS.name(), text, LIMITS.allowed());
            }
            Map<String, Double> bounds = new LinkedHashMap<>();
            Matcher v = VALUE.matcher(m.group(2));
            while (v.find()) {
                bounds.put(v.group(1), Double.parseDouble(v.group(2)));
            }
            out.add(new Override(m.group(1).strip(), bounds, m.group(3) != null));
        }
        return out;
    }

    Limit limitFor(String scenarioKey) {
        double errorPct = maxErrorPct;
        long p95 = maxP95Ms;
        Map<String, Double> more = new LinkedHashMap<>();
        for (Override o : overrides) {
            if (scenarioKey.toLowerCase(Locale.ROOT).contains(o.match().toLowerCase(Locale.ROOT))) {
                errorPct = o.maxErrorPct() == null ? errorPct : o.maxErrorPct();
                p95 = o.maxP95Ms() == null ? p95 : o.maxP95Ms();
                MORE.stream()
                        .filter(o.bounds()::containsKey)
                        .forEach(f -> more.put(f, o.bounds().get(f)));
            }
        }
        Map<String, Double> ordered = new LinkedHashMap<>();
        MORE.stream().filter(more::containsKey).forEach(f -> ordered.put(f, more.get(f)));
        return new Limit(errorPct, p95, ordered);
    }
}
