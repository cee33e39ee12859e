package dev.loadlab.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** index.html's errors: by kind per scenario (raw messages beside), over time per run, and where stress runs stopped. */
final class ErrorSections {
    /** Raw messages shown per kind in the table; summary.json keeps up to {@link ErrorTally#MAX_MESSAGES_PER_KIND}. */
    private static final int MESSAGES_SHOWN = 3;

    private ErrorSections() {}

    static String byKind(List<Summary.Row> rows) {
        List<List<Object>> body = new ArrayList<>();
        for (Summary.Row r : rows) {
            for (Map.Entry<String, Long> e : r.errorsByKind().entrySet()) {
                body.add(List.of(
                        r.tool(),
                        r.protocol(),
                        r.run(),
                        r.scenario(),
                        e.getKey(),
                        e.getValue(),
                        messages(r.errorDetails().getOrDefault(e.getKey(), Map.of()))));
            }
        }
        return Html.section(
                "errors",
                "Errors by kind",
                body.isEmpty()
                        ? Html.p("No failed request in any run.")
                        : Html.p("Every tool's failures in one set of kinds: HTTP <status>, connection refused,"
                                        + " connection reset, timeout, TLS failure, unknown host, check failed, other;"
                                        + " the tool's own messages beside them.")
                                + Html.table(
                                        "errors",
                                        List.of("tool", "protocol", "run", "scenario", "kind", "count", "messages"),
                                        body));
    }

    /** The most frequent raw messages of one kind, with their counts. */
    private static String messages(Map<String, Long> details) {
        String shown = details.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(MESSAGES_SHOWN)
                .map(e -> e.getKey() + " (" + SvgChart.num(e.getValue()) + ")")
                .collect(Collectors.joining("; "));
        return details.size() > MESSAGES_SHOWN ? shown + "; ..." : shown;
    }

    /** One chart per run that had errors: its samples and each kind's errors per bucket, over the run's time. */
    static String overTime(List<Summary.ErrorsOverTime> timelines) {
        StringBuilder body = new StringBuilder();
        int n = 0;
        for (Summary.ErrorsOverTime t : timelines) {
            if (t.errors() == 0) {
                continue;
            }
            Set<String> kinds = new LinkedHashSet<>();
            t.buckets().forEach(b -> kinds.addAll(b.errorsByKind().keySet()));
            List<SvgChart.Series> series = new ArrayList<>();
            series.add(new SvgChart.Series(
                    "samples",
                    t.buckets().stream()
                            .map(b -> new double[] {b.fromSecond(), b.samples()})
                            .toList()));
            for (String kind : kinds) {
                series.add(new SvgChart.Series(
                        kind,
                        t.buckets().stream()
                                .map(b -> new double[] {
                                    b.fromSecond(), b.errorsByKind().getOrDefault(kind, 0L)
                                })
                                .toList()));
            }
            String title = t.tool() + " " + t.protocol() + " " + t.run() + ": samples and errors per "
                    + t.bucketSeconds() + " s";
            body.append(SvgChart.line(
                    "chart-errors-" + n++,
                    title,
                    "seconds since the run's first request",
                    "requests started per " + t.bucketSeconds() + " s",
                    false,
                    false,
                    series,
                    List.of()));
        }
        return Html.section(
                "errors-over-time",
                "Errors over time",
                n == 0
                        ? Html.p("No run had a failed request.")
                        : Html.p("Each run with failed requests: the requests that started in each bucket, and the"
                                        + " failed ones by kind, so that an outage shows where it happened.")
                                + body);
    }

    /** Per stress run, the step it stopped at and why; then every step with its errors by kind. */
    static String stressRuns(List<Summary.StressStop> stops) {
        if (stops.isEmpty()) {
            return Html.section("stress", "Stress runs", Html.p("No stress run in this build."));
        }
        List<List<Object>> summary = new ArrayList<>();
        List<List<Object>> steps = new ArrayList<>();
        for (Summary.StressStop s : stops) {
            summary.add(java.util.Arrays.asList(
                    s.tool(),
                    s.protocol(),
                    s.run(),
                    s.lastStep() + " " + s.unit(),
                    s.topStep() == null ? null : s.topStep() + " " + s.unit(),
                    s.lastStepErrorPct(),
                    s.limitPct(),
                    s.ending(),
                    kinds(s.lastStepErrorsByKind())));
            for (Summary.StressStep step : s.steps()) {
                steps.add(List.of(
                        s.tool(),
                        s.protocol(),
                        s.run(),
                        step.step() + " " + s.unit(),
                        step.samples(),
                        step.errorPct(),
                        kinds(step.errorsByKind())));
            }
        }
        return Html.section(
                "stress",
                "Stress runs",
                Html.p("Where each stress run stopped: \"error limit\" when the last step's error % passed the"
                                + " run's own limit (api.stress.maxErrorPct, jmeter.stress.errorLimitPercent), \"top"
                                + " step\" when it ran its last planned step, \"ended early\" otherwise. Gatling's"
                                + " steps are arrival rates; JMeter's are the threads running.")
                        + Html.table(
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
                                summary)
                        + Html.table(
                                "stress-steps",
                                List.of("tool", "protocol", "run", "step", "samples", "error %", "errors by kind"),
                                steps));
    }

    private static String kinds(Map<String, Long> byKind) {
        return byKind.isEmpty()
                ? "none"
                : byKind.entrySet().stream()
                        .map(e -> e.getKey() + " " + SvgChart.num(e.getValue()))
                        .collect(Collectors.joining(", "));
    }
}
