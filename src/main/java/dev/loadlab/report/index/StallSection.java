package dev.loadlab.report.index;

import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * index.html's "Machine stalls": for each run, how late the JVM that sent it and the target's server woke while it
 * ran, so that figures measured on a busy machine are read as such. Nothing where no stall was measured.
 */
final class StallSection {
    private StallSection() {}

    static Section render(List<RunStalls> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        List<List<Object>> rows = new ArrayList<>();
        for (RunStalls r : runs) {
            List<Object> row = new ArrayList<>(List.of(r.tool(), r.protocol(), r.run()));
            row.addAll(figures(r.generator()));
            row.addAll(figures(r.server()));
            rows.add(row);
        }
        return Section.of(
                "stalls",
                "Machine stalls",
                Block.text("How late each JVM woke while a run sent its load: a thread in the load generator's JVM"
                        + " and one in the embedded server's sleep 1 ms again and again and record how much later they"
                        + " woke, as jHiccup does. A busy machine, a GC pause or a safepoint delays every thread alike,"
                        + " so a tool's times are late by about as much as these on that machine; the calibration's"
                        + " truth checks allow the tools the stalls of their own seconds. In ms."),
                Block.table(
                        "stalls",
                        List.of(
                                "tool",
                                "protocol",
                                "run",
                                "generator p50",
                                "generator p99",
                                "generator max",
                                "server p50",
                                "server p99",
                                "server max"),
                        rows));
    }

    private static List<Object> figures(Stall s) {
        return s == null ? Arrays.asList(null, null, null) : List.of(s.p50Ms(), s.p99Ms(), s.maxMs());
    }
}
