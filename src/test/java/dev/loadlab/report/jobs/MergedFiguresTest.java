package dev.loadlab.report.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestSummaries;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A merge of jobs keeps each study's figures as the one job that ran it wrote them. */
class MergedFiguresTest {
    private static JobFolder job(String name, String experiment, Object figures) {
        Summary summary = TestSummaries.of(List.of())
                .run(TestSummaries.run(name, List.of(experiment)))
                .figures(experiment, figures)
                .build();
        return new JobFolder(name, null, summary, List.of(), null, Map.of());
    }

    @Test
    void shouldKeepEveryJobsStudyFiguresUnderItsName() {
        Summary merged = MergedSummary.of(
                List.of(job("a", "cart-size", Map.of("p95Ms", 12)), job("b", "checkout-mix", List.of(1, 2))),
                "2026-11-29T08:00:00Z",
                "merged");

        assertEquals(
                List.of("cart-size", "checkout-mix"),
                List.copyOf(merged.figures().keySet()));
        assertEquals(Map.of("p95Ms", 12), merged.figures("cart-size", Map.class).orElseThrow());
        assertEquals(List.of(1, 2), merged.figures("checkout-mix", List.class).orElseThrow());
    }
}
