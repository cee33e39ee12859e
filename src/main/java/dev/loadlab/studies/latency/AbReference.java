package dev.loadlab.studies.latency;

import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.page.Block;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * ab itself beside loadlab's ab-style runs of the same {@code ab [-k] -c C -n N} on the same route and the same wire:
 * requests per second, mean time per request and median total, and how far each tool stands from ab in %. ab runs
 * over cleartext and over TLS (dev.loadlab.outside.OutsideTools), and a new TLS handshake per request costs what a new
 * TCP connection does not, so a tool's row is set beside ab's of its own wire only; the wire is a column.
 */
final class AbReference {
    private AbReference() {}

    /**
     * The table, and the ab runs that no tool's run stands beside, named (a tool may leave a wire or a command out);
     * empty when ab did not run (not installed, or left out).
     */
    static List<Block> table(List<AbRun> runs) {
        List<AbRun> abRuns =
                runs.stream().filter(r -> r.tool().equals(AbOutput.AB)).toList();
        if (abRuns.isEmpty()) {
            return List.of();
        }
        List<List<Object>> body = new ArrayList<>();
        List<String> alone = new ArrayList<>();
        for (AbRun ab : abRuns) {
            List<AbRun> sameRun = runs.stream()
                    .filter(r -> r != ab && sameRunOnSameWire(r, ab))
                    .toList();
            if (sameRun.isEmpty()) {
                alone.add(ab.label() + " over " + ab.protocol());
            }
            for (AbRun r : sameRun) {
                body.add(Arrays.asList(
                        ab.label(),
                        ab.protocol(),
                        r.tool(),
                        r.requestsPerSecond(),
                        ab.requestsPerSecond(),
                        Percent.signedOff(r.requestsPerSecond(), ab.requestsPerSecond()),
                        r.timePerRequestMs(),
                        ab.timePerRequestMs(),
                        median(r).orElse(null),
                        median(ab).orElse(null)));
            }
        }
        List<Block> blocks = new ArrayList<>();
        blocks.add(Block.heading("Against ab itself"));
        if (!body.isEmpty()) {
            blocks.add(Block.text("ab, run by the build on the same route after loadlab's runs (the target warm),"
                    + " beside each tool's run of the same ab command on the same wire (ab's: cleartext or TLS)."));
            blocks.add(Block.table(
                    "ab-reference",
                    List.of(
                            "run",
                            "wire (ab's and the tool's)",
                            "tool",
                            "requests/s",
                            "ab's requests/s",
                            "difference %",
                            "mean ms",
                            "ab's mean ms",
                            "median ms",
                            "ab's median ms"),
                    body));
        }
        if (!alone.isEmpty()) {
            blocks.add(Block.text("No tool ran the same command on the same wire as " + String.join(", ", alone)
                    + ": ab's own blocks below only."));
        }
        return blocks;
    }

    /** The same ab command (label) over the same wire (HTTP version and transport, as each reader labels it). */
    private static boolean sameRunOnSameWire(AbRun r, AbRun ab) {
        return r.label().equals(ab.label()) && r.protocol().equals(ab.protocol());
    }

    private static Optional<Long> median(AbRun r) {
        return Optional.ofNullable(r.times().get("total")).map(Times::median);
    }
}
