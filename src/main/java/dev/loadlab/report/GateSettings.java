package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gate's limits. Every scenario row must stay within {@code gate.maxErrorPct} and {@code gate.maxP95Ms}, unless
 * an entry of {@code gate.limits} matches it: {@code <text in the scenario's name>:errorPct=<n>:p95Ms=<n>}, entries
 * separated by {@code ;}, the last matching entry wins. With a baseline, a row of at least {@code gate.minSamples}
 * samples regresses when its p95 rose by more than {@code gate.p95RisePct} and {@code gate.p95RiseMinMs}, or its
 * throughput fell by more than {@code gate.throughputFallPct}. The default tolerances are sized for smoke runs of a
 * few seconds on a shared 2-core machine, where two unchanged runs differed by up to +77 ms / +53 % in p95 and -34 %
 * in throughput; tighten them for longer runs on a quiet machine.
 */
record GateSettings(double maxErrorPct, long maxP95Ms, List<Override> overrides, double p95RisePct, long p95RiseMinMs,
                    double throughputFallPct, long minSamples) {

    /** The stress runs end where the target gives up, and the gateway steps wait for their synthetic upstream. */
    static final String DEFAULT_LIMITS = "stress:errorPct=100;GatewayCapacitySimulation:p95Ms=70000";

    private static final Pattern ENTRY = Pattern.compile("([^:;=]+)((?::(?:errorPct|p95Ms)=[0-9.]+)+)");
    private static final Pattern VALUE = Pattern.compile(":(errorPct|p95Ms)=([0-9.]+)");

    record Override(String match, Double maxErrorPct, Long maxP95Ms) {}

    record Limit(double maxErrorPct, long maxP95Ms) {}

    static GateSettings from(Knobs knobs) {
        return new GateSettings(knobs.number("gate.maxErrorPct", 5, 0, 100, "%"),
                (long) knobs.number("gate.maxP95Ms", 5000, 1, 3_600_000, "ms"),
                parseLimits(knobs.text("gate.limits", DEFAULT_LIMITS)),
                knobs.number("gate.p95RisePct", 100, 0, 10_000, "%"),
                (long) knobs.number("gate.p95RiseMinMs", 50, 0, 3_600_000, "ms"),
                knobs.number("gate.throughputFallPct", 50, 0, 100, "%"),
                (long) knobs.number("gate.minSamples", 20, 1, 1_000_000_000, "samples"));
    }

    static List<Override> parseLimits(String text) {
        List<Override> out = new ArrayList<>();
        if (text.equals("none")) {
            return out;
        }
        for (String entry : text.split(";")) {
            Matcher m = ENTRY.matcher(entry.strip());
            if (!m.matches()) {
                throw new Knobs.BadKnob("gate.limits=" + text + " is not allowed: expected entries "
                        + "<scenario text>:errorPct=<0..100>:p95Ms=<ms> (either or both) separated by ';', or none");
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
            if (scenarioKey.contains(o.match())) {
                errorPct = o.maxErrorPct() == null ? errorPct : o.maxErrorPct();
                p95 = o.maxP95Ms() == null ? p95 : o.maxP95Ms();
            }
        }
        return new Limit(errorPct, p95);
    }
}
