package dev.loadlab.studies.latency;

import static dev.loadlab.report.gate.TruthChecks.signedPercentOff;

import dev.loadlab.report.model.AbRun;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.read.OutsideResults;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * ab itself beside loadlab's ab-style runs of the same {@code ab [-k] -c C -n N} on the same route: requests per
 * second, mean time per request and median total, and how far each tool stands from ab in %. ab runs HTTP/1.1 over
 * cleartext; the other rows name their protocol, and only HTTP/1.1 ones compare like with like.
 */
final class AbReference {
    private AbReference() {}

    /** The table, or empty when ab did not run (not installed, or left out). */
    static List<Block> table(List<AbRun> runs) {
        List<List<Object>> body = new ArrayList<>();
        for (AbRun ab :
                runs.stream().filter(r -> r.tool().equals(OutsideResults.AB)).toList()) {
            for (AbRun r : runs) {
                if (r == ab || !r.label().equals(ab.label())) {
                    continue;
                }
                Long median = median(r).orElse(null);
                Long abMedian = median(ab).orElse(null);
                body.add(Arrays.asList(
                        ab.label(),
                        r.tool(),
                        r.protocol(),
                        r.requestsPerSecond(),
                        ab.requestsPerSecond(),
                        signedPercentOff(r.requestsPerSecond(), ab.requestsPerSecond()),
                        r.timePerRequestMs(),
                        ab.timePerRequestMs(),
                        median,
                        abMedian));
            }
        }
        if (body.isEmpty()) {
            return List.of();
        }
        return List.of(
                Block.heading("Against ab itself"),
                Block.text("ab, run by the build on the same route after loadlab's runs (the target warm), beside each"
                        + " tool's run of the same ab command."),
                Block.table(
                        "ab-reference",
                        List.of(
                                "run",
                                "tool",
                                "protocol",
                                "requests/s",
                                "ab's requests/s",
                                "difference %",
                                "mean ms",
                                "ab's mean ms",
                                "median ms",
                                "ab's median ms"),
                        body));
    }

    private static Optional<Long> median(AbRun r) {
        return Optional.ofNullable(r.times().get("total")).map(Times::median);
    }
}
