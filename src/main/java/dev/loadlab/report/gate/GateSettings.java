package dev.loadlab.report.gate;

import static dev.loadlab.settings.ReportKnobs.LIMITS;

import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gate's limits, read from the catalogue's {@link ReportKnobs} (defaults, ranges and why they are sized so are
 * there). Every scenario row must stay within {@code gate.maxErrorPct} and {@code gate.maxP95Ms}, unless an entry of
 * {@code gate.limits} matches it, the last matching entry winning. With a baseline, a row of at least
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

    private static final Pattern VALUE = Pattern.compile(":(errorPct|p95Ms)=([0-9.]+)");

    record Override(String match, Double maxErrorPct, Long maxP95Ms) {}

    record Limit(double maxErrorPct, long maxP95Ms) {}

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

    static List<Override> parseLimits(String text) {
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
            Double errorPct = null;
            Long p95Ms = null;
            Matcher v = VALUE.matcher(m.group(2));
            while (v.find()) {
                double d = Double.parseDouble(v.group(2));
                if (v.group(1).equals("errorPct")) {
                    errorPct = d;
                } else {
                    p95Ms = (long) d;
                }
            }
            out.add(new Override(m.group(1).strip(), errorPct, p95Ms));
        }
        return out;
    }

    Limit limitFor(String scenarioKey) {
        double errorPct = maxErrorPct;
        long p95 = maxP95Ms;
        for (Override o : overrides) {
            if (scenarioKey.toLowerCase(Locale.ROOT).contains(o.match().toLowerCase(Locale.ROOT))) {
                errorPct = o.maxErrorPct() == null ? errorPct : o.maxErrorPct();
                p95 = o.maxP95Ms() == null ? p95 : o.maxP95Ms();
            }
        }
        return new Limit(errorPct, p95);
    }
}
