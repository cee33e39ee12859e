package dev.loadlab.report.index;

import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.settings.Wire;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The API-gateway study's question, like with like: HTTP/2 against HTTP/1.1 on one transport (h2c against HTTP/1.1
 * in cleartext, h2 against HTTP/1.1 over TLS), the same tool, run and scenario; HTTP/2's figure as a change against
 * HTTP/1.1's, column by column.
 */
public final class ProtocolPairs {
    private record Column(String name, ToDoubleFunction<Summary.Row> value) {}

    private static final List<Column> COLUMNS = List.of(
            new Column("throughput /s", Summary.Row::throughputPerSec),
            new Column("average ms", Summary.Row::avgMs),
            new Column("median ms", r -> r.p50Ms()),
            new Column("p95 ms", r -> r.p95Ms()),
            new Column("p99 ms", r -> r.p99Ms()),
            new Column("errors %", Summary.Row::errorPct));

    private ProtocolPairs() {}

    /** The pairs that ran, then a line for each pair the wire check broke (one of its wires was left out). */
    static Section section(List<Summary.Row> rows, List<String> wiresLeftOut) {
        List<List<Object>> body = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<Number> throughput = new ArrayList<>();
        List<Number> p95 = new ArrayList<>();
        for (List<Wire> pair : Wire.PAIRS) {
            Wire base = pair.get(0);
            Wire other = pair.get(1);
            for (Summary.Row b : rows) {
                if (!b.protocol().equals(base.label)) {
                    continue;
                }
                Optional<Summary.Row> o = find(rows, b, other);
                o.ifPresent(r -> body.add(line(other.pairing(), b, r)));
                if (o.isPresent() && b.wholeRun()) {
                    labels.add(b.tool() + " " + b.run() + ", " + other.label + " vs " + base.label);
                    throughput.add(
                            ChartSpec.rounded(Percent.signedOff(o.get().throughputPerSec(), b.throughputPerSec())));
                    p95.add(ChartSpec.rounded(Percent.signedOff(o.get().p95Ms(), b.p95Ms())));
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("pairing", "tool", "run", "scenario"));
        COLUMNS.forEach(c -> header.add(c.name() + " HTTP/1.1 → HTTP/2 (change)"));
        List<Block> blocks = new ArrayList<>();
        if (body.isEmpty()) {
            blocks.add(Block.text("No pair ran: each needs both of its runs (a cleartext target has no TLS pair)."));
        } else {
            if (!labels.isEmpty()) {
                blocks.add(Block.chart(ChartSpec.bars(
                        "chart-pairs",
                        "HTTP/2 against HTTP/1.1, whole runs: change in % (throughput up is better, p95 down)",
                        "change in %",
                        false,
                        labels,
                        List.of(
                                new ChartSpec.Dataset(
                                        "throughput change %", throughput, ChartSpec.colour(0, 0, 1), null, null),
                                new ChartSpec.Dataset("p95 change %", p95, ChartSpec.colour(1, 0, 1), null, null)))));
            }
            blocks.add(Block.table("pairs", header, body));
        }
        for (List<Wire> pair : Wire.PAIRS) {
            for (Wire w : pair) {
                wiresLeftOut.stream()
                        .filter(line -> line.startsWith(w.id + ": "))
                        .forEach(line -> blocks.add(Block.text(pair.get(1).pairing() + ": not compared, " + line)));
            }
        }
        return Section.of("pairs", "HTTP/1.1 vs HTTP/2, like with like", blocks);
    }

    private static Optional<Summary.Row> find(List<Summary.Row> rows, Summary.Row base, Wire other) {
        return rows.stream()
                .filter(r -> r.protocol().equals(other.label)
                        && r.tool().equals(base.tool())
                        && r.run().equals(base.run())
                        && r.scenario().equals(base.scenario()))
                .findFirst();
    }

    private static List<Object> line(String pairing, Summary.Row base, Summary.Row other) {
        List<Object> line = new ArrayList<>(List.of(pairing, base.tool(), base.run(), base.scenario()));
        for (Column c : COLUMNS) {
            double from = c.value().applyAsDouble(base);
            double to = c.value().applyAsDouble(other);
            line.add(figure(from) + " → " + figure(to) + " (" + Percent.change(from, to) + ")");
        }
        return line;
    }

    private static String figure(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
