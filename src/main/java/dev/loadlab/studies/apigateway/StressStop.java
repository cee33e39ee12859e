package dev.loadlab.studies.apigateway;

import java.util.List;
import java.util.Map;

/**
 * Where a stress run stopped: its steps in order (Gatling: the arrival rate of each step, in requests/s; JMeter: the
 * threads running, in threads), the last step with samples, the error % there against the run's own limit
 * (api.stress.maxErrorPct, jmeter.stress.errorLimitPercent), and how it ended: "error limit" (the last step's error
 * % passed the limit: the run stopped itself), "top step" (it ran its last planned step), or "ended early" (neither:
 * stopped by a duration cap, a crash, or a JMeter window that judged a share of two steps).
 */
public record StressStop(
        String tool,
        String protocol,
        String run,
        String unit,
        int lastStep,
        double lastStepErrorPct,
        Map<String, Long> lastStepErrorsByKind,
        Integer topStep,
        double limitPct,
        String ending,
        List<StressStep> steps) {}
