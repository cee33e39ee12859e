package dev.loadlab.studies.apigateway;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
import java.util.ArrayList;
import java.util.List;

/** The API-gateway study's stress runs in index.html: where each stopped and why, then each step's errors by kind. */
final class StressSection {
    private StressSection() {}

    /** Per stress run, the step it stopped at and why; then every step with its errors by kind. */
    static Section render(List<StressStop> stops) {
        if (stops.isEmpty()) {
            return Section.of("stress", "Stress runs", Block.text("No stress run in this build."));
        }
        List<List<Object>> summary = new ArrayList<>();
        List<List<Object>> steps = new ArrayList<>();
        for (StressStop s : stops) {
            summary.add(java.util.Arrays.asList(
                    s.tool(),
                    s.protocol(),
                    s.run(),
                    s.lastStep() + " " + s.unit(),
                    s.topStep() == null ? null : s.topStep() + " " + s.unit(),
                    s.lastStepErrorPct(),
                    s.limitPct(),
                    s.ending(),
                    Table.kinds(s.lastStepErrorsByKind())));
            for (StressStep step : s.steps()) {
                steps.add(List.of(
                        s.tool(),
                        s.protocol(),
                        s.run(),
                        step.step() + " " + s.unit(),
                        step.samples(),
                        step.errorPct(),
                        Table.kinds(step.errorsByKind())));
            }
        }
        return Section.of(
                "stress",
                "Stress runs",
                Block.text("Where each stress run stopped: \"error limit\" when the last step's error % passed the"
                        + " run's own limit (api.stress.maxErrorPct, jmeter.stress.errorLimitPercent), \"top"
                        + " step\" when it ran its last planned step, \"ended early\" otherwise. Gatling's"
                        + " steps are arrival rates; JMeter's are the threads running."),
                Block.table(
                        "stress",
                        List.of(
                                "tool",
                                "protocol",
                                "run",
                                "stopped at",
                                "top step",
                                "error % there",
                                "limit %",
                                "ending",
                                "errors there"),
                        summary),
                Block.table(
                        "stress-steps",
                        List.of("tool", "protocol", "run", "step", "samples", "error %", "errors by kind"),
                        steps));
    }
}
