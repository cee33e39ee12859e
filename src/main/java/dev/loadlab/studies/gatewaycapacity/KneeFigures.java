package dev.loadlab.studies.gatewaycapacity;

import dev.loadlab.report.model.Spread;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.GatlingResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the study concluded from a latency's steps besides the searched maximum: its degradation point and headroom; and
 * the rows past its knee.
 */
final class KneeFigures {
    private KneeFigures() {}

    /**
     * The study's "scales without degradation up to": the highest rate whose step, and every step at a lower rate,
     * was sustained with its client P95 within {@code marginMs} of the upstream latency; null where none was. The
     * lowest step's P95 is not held against it (its verdict is): it holds the run's first, cold requests, and at 1
     * request/s its P95 is its slowest one or two (445 ms at 100 ms on a 10 s step, 129-136 ms at the next three).
     */
    static Integer noDegradationUpTo(List<Gateway.Step> steps, int latencyMs, int marginMs) {
        List<Gateway.Step> byRate = steps.stream()
                .sorted(Comparator.comparingInt(Gateway.Step::stepRps))
                .toList();
        Integer upTo = null;
        for (int i = 0; i < byRate.size(); i++) {
            Gateway.Step s = byRate.get(i);
            if (!Boolean.TRUE.equals(s.sustained()) || (i > 0 && s.clientP95Ms() > latencyMs + marginMs)) {
                break;
            }
            upTo = s.stepRps();
        }
        return upTo;
    }

    /**
     * The gateway's most CPU and memory over the steps that held, beside the pod's request and limit: the study's
     * maximum (1,260 millicores at 100 ms) is its 78 TPS step's, its steps that timed out having no figure. A step the
     * run did not judge (a run before the search) counts: nothing says it broke. Null maxima where no step that held
     * was polled (the table says why).
     */
    static Gateway.Headroom headroom(List<Gateway.Step> steps, GatewaySteps.Pod pod) {
        List<Gateway.Step> held =
                steps.stream().filter(s -> !Boolean.FALSE.equals(s.sustained())).toList();
        Double cpu = most(held, u -> u.cpuMillicores());
        Double memory = most(held, u -> u.memoryMb());
        return new Gateway.Headroom(
                cpu,
                pod.cpuRequestMillicores(),
                pod.cpuLimitMillicores(),
                memory,
                pod.memoryRequestMb(),
                pod.memoryLimitMb());
    }

    private static Double most(List<Gateway.Step> steps, Function<Gateway.ProcessUse, Double> of) {
        return steps.stream()
                .map(Gateway.Step::gateway)
                .filter(Objects::nonNull)
                .map(of)
                .filter(Objects::nonNull)
                .max(Double::compare)
                .orElse(null);
    }

    /** Per wire and latency, in the knees' order, the spread of its repeats' knees. */
    static List<Gateway.KneeRange> ranges(List<Gateway.Knee> knees) {
        Map<List<Object>, List<Gateway.Knee>> byLatency = new LinkedHashMap<>();
        knees.forEach(k -> byLatency
                .computeIfAbsent(List.of(k.protocol(), k.latencyMs()), c -> new ArrayList<>())
                .add(k));
        List<Gateway.KneeRange> ranges = new ArrayList<>();
        byLatency.forEach((cell, repeats) -> ranges.add(new Gateway.KneeRange(
                (String) cell.get(0),
                (Integer) cell.get(1),
                repeats.size(),
                Spread.of(repeats.stream().map(Gateway.Knee::maxSustainableRps).toList()))));
        return ranges;
    }

    /**
     * The rows of {@code summary} past a knee, in its order. The search raises its rate until a step breaks: the steps
     * it judged not sustained fail by design, and so does the run's "all requests" row that adds them in. Its answer is
     * the knee; the simulation holds its first steps to assert.maxErrorPct and assert.p95Ms. The gate's limits per row
     * pass these rows over, and say so.
     */
    static List<Summary.Row> rowsPast(Summary summary) {
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
                                && s.stepRps() == step.get().get(1)
                                && s.repeat() == step.get().get(2));
    }
}
