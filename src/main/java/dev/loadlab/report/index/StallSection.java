package dev.loadlab.report.index;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
import java.util.List;
import java.util.function.Function;

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
                        runs,
                        column("tool", RunStalls::tool),
                        column("protocol", RunStalls::protocol),
                        column("run", RunStalls::run),
                        stall("generator p50", RunStalls::generator, Stall::p50Ms),
                        stall("generator p99", RunStalls::generator, Stall::p99Ms),
                        stall("generator max", RunStalls::generator, Stall::maxMs),
                        stall("server p50", RunStalls::server, Stall::p50Ms),
                        stall("server p99", RunStalls::server, Stall::p99Ms),
                        stall("server max", RunStalls::server, Stall::maxMs)));
    }

    /** A figure of one JVM's stalls, empty where it was not measured. */
    private static Table.Column<RunStalls> stall(
            String name, Function<RunStalls, Stall> jvm, Function<Stall, Double> figure) {
        return column(name, r -> jvm.apply(r) == null ? null : figure.apply(jvm.apply(r)));
    }
}
