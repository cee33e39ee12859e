package dev.loadlab.report.index;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
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

    static Section render(List<LoadGenerators> runs) {
        if (runs.isEmpty()) {
            return null; // every run had one generator: no section
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.text("Runs sent by more than one load generator: Gatling injectors"
                + " whose logs were merged, JMeter engines driven by one controller. Each generator's figures are"
                + " counted from its own samples; the total row is the run's merged figures (percentiles in the"
                + " summary come from the merged samples)."));
        for (LoadGenerators g : runs) {
            blocks.add(Block.heading(g.key() + ": " + g.count() + " " + g.kind() + (g.count() == 1 ? "" : "s")));
            List<Generator> rows = new ArrayList<>(g.parts());
            rows.add(g.total());
            blocks.add(Block.table(
                    "generators",
                    rows,
                    column(g.kind(), Generator::name),
                    column("samples", Generator::samples),
                    column("req/s", Generator::throughputPerSec),
                    column("errors", Generator::errors),
                    column("error %", p -> p.samples() == 0 ? 0.0 : 100.0 * p.errors() / p.samples()),
                    column("first sample", p -> p.samples() == 0 ? null : Instant.ofEpochMilli(p.firstEpochMs())),
                    column("last sample end", p -> p.samples() == 0 ? null : Instant.ofEpochMilli(p.lastEpochMs()))));
        }
        return Section.of("generators", "Load generators", blocks);
    }
}
