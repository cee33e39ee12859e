package dev.loadlab.report.gate;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.studies.gatewaycapacity.Gateway;
import dev.loadlab.studies.gatewaycapacity.GatewayCapacityStudy;
import dev.loadlab.studies.gatewaycapacity.GatewaySteps;
import java.util.List;
import java.util.Optional;

/**
 * The gateway capacity search raises its rate until a step breaks: the steps it judged not sustained fail by design,
 * and so does the run's "all requests" row that adds them in. Its answer is the knee; the simulation holds its first
 * steps to assert.maxErrorPct and assert.p95Ms. The gate's limits per row pass these rows over, and say so.
 */
public final class PastTheKnee {
    private PastTheKnee() {}

    /** The rows of {@code summary} past a gateway knee, in its order. */
    public static List<Summary.Row> rows(Summary summary) {
        // the study's figures are read once a summary, not once a row
        List<Gateway.Step> brokenSteps = GatewayCapacityStudy.steps(summary).stream()
                .filter(s -> Boolean.FALSE.equals(s.sustained()))
                .toList();
        return summary.scenarios().stream().filter(r -> isPast(r, brokenSteps)).toList();
    }

    private static boolean isPast(Summary.Row row, List<Gateway.Step> brokenSteps) {
        if (!row.tool().equals("gatling") || !row.run().equals(GatewaySteps.SIMULATION)) {
            return false;
        }
        List<Gateway.Step> broken = brokenSteps.stream()
                .filter(s -> s.protocol().equals(row.protocol()))
                .toList();
        if (row.scenario().equals(GatlingResults.ALL_REQUESTS)) {
            return !broken.isEmpty();
        }
        Optional<List<Integer>> step = GatewaySteps.stepOf(row.scenario());
        return step.isPresent()
                && broken.stream()
                        .anyMatch(s -> s.latencyMs() == step.get().get(0)
                                && s.stepRps() == step.get().get(1));
    }
}
