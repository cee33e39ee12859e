package dev.loadlab.report;

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
final class ProtocolPairs {
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
    static String section(List<Summary.Row> rows, List<String> wiresLeftOut) {
        List<List<Object>> body = new ArrayList<>();
        for (List<Wire> pair : Wire.PAIRS) {
            Wire base = pair.get(0);
            Wire other = pair.get(1);
            for (Summary.Row b : rows) {
                if (!b.protocol().equals(base.label)) {
                    continue;
                }
                find(rows, b, other).ifPresent(o -> body.add(line(other.pairing(), b, o)));
            }
        }
        List<String> header = new ArrayList<>(List.of("pairing", "tool", "run", "scenario"));
        COLUMNS.forEach(c -> header.add(c.name() + " HTTP/1.1 → HTTP/2 (change)"));
        String table = body.isEmpty()
                ? Html.p("No pair ran: each needs both of its runs (a cleartext target has no TLS pair).")
                : Html.table("pairs", header, body);
        StringBuilder missing = new StringBuilder();
        for (List<Wire> pair : Wire.PAIRS) {
            for (Wire w : pair) {
                wiresLeftOut.stream()
                        .filter(line -> line.startsWith(w.id + ": "))
                        .forEach(line -> missing.append(Html.p(pair.get(1).pairing() + ": not compared, " + line)));
            }
        }
        return Html.section("pairs", "HTTP/1.1 vs HTTP/2, like with like", table + missing);
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
            line.add(figure(from) + " → " + figure(to) + " (" + change(from, to) + ")");
        }
        return line;
    }

    /** The change in percent of {@code from}; "n/a" where HTTP/1.1's figure is 0 (no base to compare with). */
    static String change(double from, double to) {
        if (from == 0) {
            return to == 0 ? "±0 %" : "n/a";
        }
        double pct = 100 * (to - from) / from;
        return String.format(Locale.ROOT, "%+.1f %%", pct);
    }

    private static String figure(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
