package dev.loadlab.studies.apigateway;

import static dev.loadlab.report.page.Table.column;

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
        List<List<Object>> steps = new ArrayList<>();
        for (StressStop s : stops) {
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
                        stops,
                        column("tool", StressStop::tool),
                        column("protocol", StressStop::protocol),
                        column("run", StressStop::run),
                        column("stopped at", s -> s.lastStep() + " " + s.unit()),
                        column("top step", s -> s.topStep() == null ? null : s.topStep() + " " + s.unit()),
                        column("error % there", StressStop::lastStepErrorPct),
                        column("limit %", StressStop::limitPct),
                        column("ending", StressStop::ending),
                        column("errors there", s -> Table.kinds(s.lastStepErrorsByKind()))),
                Block.table(
                        "stress-steps",
                        List.of("tool", "protocol", "run", "step", "samples", "error %", "errors by kind"),
                        steps));
    }
}
