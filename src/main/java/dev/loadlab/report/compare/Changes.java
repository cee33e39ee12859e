package dev.loadlab.report.compare;

import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * What changed from a baseline run to this one, figure by figure, each marked better, worse or within noise; the noise
 * is what the runs themselves show of how far two measurements of one load stand apart: the calibration experiment's
 * tools against the server's own count (throughput) and, on the held route, its own hold (p99), the larger of both
 * runs', never less than a floor.
 * compare.html shows it for the last compared run against the first, and compare.md holds it as a Markdown table for a
 * CI step summary or a pull-request comment.
 */
public final class Changes {
    /** The least band for throughput, and for percentiles: below it, a change is this machine's own jitter. */
    static final double THROUGHPUT_FLOOR_PCT = 5;

    static final double LATENCY_FLOOR_PCT = 10;
    /** Errors are counted, not measured: a rise of more than this many points is worse. */
    static final double ERROR_POINTS = 0.1;

    public enum Verdict {
        WORSE("worse"),
        BETTER("better"),
        NOISE("within noise");

        final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /** One figure of one tool's whole run on one wire, before and now. */
    public record Change(
            String experiment,
            String tool,
            String protocol,
            String run,
            String figure,
            double before,
            double now,
            String change,
            Verdict verdict) {}

    /** The noise bands the comparison used, in %, and where they came from. */
    public record Noise(double throughputPct, double latencyPct, String source) {}

    private record Figure(String name, ToDoubleFunction<Summary.Row> value, boolean higherIsBetter, boolean latency) {}

    private static final List<Figure> FIGURES = List.of(
            new Figure("throughput/s", Summary.Row::throughputPerSec, true, false),
            new Figure("p95 ms", r -> r.p95Ms(), false, true),
            new Figure("p99 ms", r -> r.p99Ms(), false, true),
            new Figure("error %", Summary.Row::errorPct, false, false));

    private Changes() {}

    /**
     * How far two measurements of one load stood apart within one run, in %: a tool's throughput against a count beside
     * it, its p99 against a hold beside it (null where the run measured none); {@code source} says which.
     */
    public record Spread(String source, Double throughputPct, Double latencyPct) {}

    /** The bands: the largest spread of either run (Study#spread), never less than the floors. */
    public static Noise noise(List<Spread> spreads) {
        double throughput = THROUGHPUT_FLOOR_PCT;
        double latency = LATENCY_FLOOR_PCT;
        for (Spread s : spreads) {
            throughput = Math.max(throughput, s.throughputPct() == null ? 0 : s.throughputPct());
            latency = Math.max(latency, s.latencyPct() == null ? 0 : s.latencyPct());
        }
        return new Noise(
                throughput,
                latency,
                spreads.isEmpty()
                        ? "the floors (" + fmt(THROUGHPUT_FLOOR_PCT) + " %, " + fmt(LATENCY_FLOOR_PCT)
                                + " %): neither run has the calibration experiment with the server's count"
                        : spreads.stream().map(Spread::source).distinct().collect(Collectors.joining("; "))
                                + ", in the runs that have it");
    }

    /** Every figure of every whole run (all requests, all samples) that both runs have, worse first. */
    public static List<Change> of(Summary before, Summary now, Noise noise) {
        Map<String, Summary.Row> earlier = new HashMap<>();
        before.scenarios().stream().filter(Summary.Row::wholeRun).forEach(r -> earlier.put(r.key(), r));
        List<Change> out = new ArrayList<>();
        for (Summary.Row r : now.scenarios()) {
            Summary.Row b = earlier.get(r.key());
            if (b == null || !r.wholeRun()) {
                continue;
            }
            for (Figure f : FIGURES) {
                double from = f.value().applyAsDouble(b);
                double to = f.value().applyAsDouble(r);
                out.add(new Change(
                        r.belongsTo(),
                        r.tool(),
                        r.protocol(),
                        r.run(),
                        f.name(),
                        from,
                        to,
                        f.name().equals("error %")
                                ? String.format(Locale.ROOT, "%+.2f points", to - from)
                                : Percent.change(from, to),
                        verdict(f, from, to, noise)));
            }
        }
        out.sort(Comparator.comparing(Change::verdict));
        return out;
    }

    private static Verdict verdict(Figure f, double from, double to, Noise noise) {
        if (f.name().equals("error %")) {
            return to - from > ERROR_POINTS ? Verdict.WORSE : from - to > ERROR_POINTS ? Verdict.BETTER : Verdict.NOISE;
        }
        double band = f.latency() ? noise.latencyPct() : noise.throughputPct();
        if (from == 0 || Math.abs(to - from) / from * 100 <= band) {
            return Verdict.NOISE;
        }
        return (to > from) == f.higherIsBetter() ? Verdict.BETTER : Verdict.WORSE;
    }

    /** The Markdown table: a title line, the noise it used, one line per figure. */
    public static String markdown(String beforeLabel, String nowLabel, Noise noise, List<Change> changes) {
        StringBuilder md = new StringBuilder("### loadlab: ")
                .append(nowLabel)
                .append(" against ")
                .append(beforeLabel)
                .append("\n\n");
        long worse = changes.stream().filter(c -> c.verdict() == Verdict.WORSE).count();
        long better =
                changes.stream().filter(c -> c.verdict() == Verdict.BETTER).count();
        md.append(worse)
                .append(" worse, ")
                .append(better)
                .append(" better, ")
                .append(changes.size() - worse - better)
                .append(" within noise (throughput ")
                .append(fmt(noise.throughputPct()))
                .append(" %, percentiles ")
                .append(fmt(noise.latencyPct()))
                .append(" %: ")
                .append(noise.source())
                .append(").\n\n");
        md.append("| experiment | tool | wire | run | figure | before | now | change | verdict |\n");
        md.append("|---|---|---|---|---|---:|---:|---:|---|\n");
        for (Change c : changes) {
            List<String> cells = cells(c);
            if (c.verdict() != Verdict.NOISE) {
                cells.set(cells.size() - 1, "**" + c.verdict().text + "**");
            }
            md.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
        return md.toString();
    }

    /** The same lines as a table of compare.html, worse first. */
    static Section section(String beforeLabel, String nowLabel, Noise noise, List<Change> changes) {
        List<List<Object>> rows = new ArrayList<>();
        changes.forEach(c -> rows.add(new ArrayList<>(cells(c))));
        return Section.of(
                "changes",
                "What changed: " + nowLabel + " against " + beforeLabel,
                Block.text(
                        "Each figure of each tool's whole run, marked worse or better where it moved more than the noise"
                                + " (throughput " + fmt(noise.throughputPct()) + " %, percentiles "
                                + fmt(noise.latencyPct()) + " %: " + noise.source() + "), else within noise; errors by"
                                + " more than " + fmt(ERROR_POINTS) + " point. compare.md holds the same in Markdown."),
                Block.table(
                        "changes",
                        List.of("experiment", "tool", "wire", "run", "figure", "before", "now", "change", "verdict"),
                        rows));
    }

    /** One change's cells, in the order of both tables' columns. */
    private static List<String> cells(Change c) {
        return new ArrayList<>(List.of(
                c.experiment(),
                c.tool(),
                c.protocol(),
                c.run(),
                c.figure(),
                fmt(c.before()),
                fmt(c.now()),
                c.change(),
                c.verdict().text));
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.2f", v);
    }
}
