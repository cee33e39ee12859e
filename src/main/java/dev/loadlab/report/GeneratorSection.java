package dev.loadlab.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * index.html's "Load generators": for each run that more than one injector or engine sent, a small table of each
 * one's samples, throughput and errors beside the total, so that a generator that could not keep up (fewer samples,
 * lower throughput than its peers) shows. Nothing when every run had one generator.
 */
final class GeneratorSection {
    private GeneratorSection() {}

    static String render(List<Summary.LoadGenerators> runs) {
        if (runs.isEmpty()) {
            return "";
        }
        StringBuilder body = new StringBuilder(Html.p("Runs sent by more than one load generator: Gatling injectors"
                + " whose logs were merged, JMeter engines driven by one controller. Each generator's figures are"
                + " counted from its own samples; the total row is the run's merged figures (percentiles in the"
                + " summary come from the merged samples)."));
        for (Summary.LoadGenerators g : runs) {
            body.append("<h3>")
                    .append(Html.esc(g.key() + ": " + g.count() + " " + g.kind() + (g.count() == 1 ? "" : "s")))
                    .append("</h3>");
            List<List<Object>> rows = new ArrayList<>();
            g.parts().forEach(p -> rows.add(row(p)));
            rows.add(row(g.total()));
            body.append(Html.table(
                    "generators",
                    List.of(g.kind(), "samples", "req/s", "errors", "error %", "first sample", "last sample end"),
                    rows));
        }
        return Html.section("generators", "Load generators", body.toString());
    }

    private static List<Object> row(Summary.Generator p) {
        List<Object> row = new ArrayList<>();
        row.add(p.name());
        row.add(p.samples());
        row.add(p.throughputPerSec());
        row.add(p.errors());
        row.add(p.samples() == 0 ? 0.0 : 100.0 * p.errors() / p.samples());
        row.add(p.samples() == 0 ? null : Instant.ofEpochMilli(p.firstEpochMs()).toString());
        row.add(p.samples() == 0 ? null : Instant.ofEpochMilli(p.lastEpochMs()).toString());
        return row;
    }
}
