package dev.loadlab.report.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Summaries for tests, by what each test sets (a run, its rows, the parts it judges, a study's figures by name), every
 * other part empty: no test builds a summary by the position of its parts.
 */
public final class TestSummaries {
    private Summary.Run run;
    private List<Summary.Row> rows = List.of();
    private List<LoadGenerators> generators = List.of();
    private List<RunStalls> stalls = List.of();
    private final Map<String, Object> figures = new LinkedHashMap<>();

    private TestSummaries() {}

    /** A summary of these rows, of no run (a test that reads the rows only). */
    public static TestSummaries of(List<Summary.Row> rows) {
        TestSummaries s = new TestSummaries();
        s.rows = rows;
        return s;
    }

    public TestSummaries run(Summary.Run run) {
        this.run = run;
        return this;
    }

    public TestSummaries generators(List<LoadGenerators> generators) {
        this.generators = generators;
        return this;
    }

    public TestSummaries stalls(List<RunStalls> stalls) {
        this.stalls = stalls;
        return this;
    }

    /** A study's figures under its experiment's name, as its reader puts them. */
    public TestSummaries figures(String experiment, Object figures) {
        this.figures.put(experiment, figures);
        return this;
    }

    public Summary build() {
        Map<String, com.fasterxml.jackson.databind.JsonNode> kept = new LinkedHashMap<>();
        figures.forEach((name, value) -> kept.put(name, Summary.figuresOf(value)));
        return new Summary(run, List.of(), rows, List.of(), List.of(), List.of(), generators, stalls, List.of(), kept);
    }

    /** A run of these experiments, labelled {@code label}, at smoke scale on a 2-core machine. */
    public static Summary.Run run(String label, List<String> experiments) {
        return run(label, experiments, List.of());
    }

    /** The same, with the experiments that were asked for but left out. */
    public static Summary.Run run(String label, List<String> experiments, List<String> leftOut) {
        return new Summary.Run(
                "2026-11-29T07:00:00Z",
                "abc",
                "smoke",
                "",
                "",
                2,
                "jvm",
                Map.of(),
                null,
                experiments,
                leftOut,
                label,
                List.of(),
                List.of());
    }
}
