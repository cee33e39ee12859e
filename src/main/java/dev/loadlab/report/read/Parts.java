package dev.loadlab.report.read;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.NativeReport;
import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.Timeline;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What the readers find, gathered before it becomes one {@link Summary}; a missing or broken file is one line. */
public final class Parts {
    public final List<String> missing = new ArrayList<>();
    public final List<Summary.Row> rows = new ArrayList<>();
    public final List<JmeterOverview> jmeterSamples = new ArrayList<>();
    public final List<NativeReport> nativeReports = new ArrayList<>();
    public final List<Timeline> timelines = new ArrayList<>();
    public final List<LoadGenerators> generators = new ArrayList<>();
    public final List<RunStalls> stalls = new ArrayList<>();
    public final List<dev.loadlab.report.model.TargetRequests> targets = new ArrayList<>();
    public final Map<String, String> toolVersions = new TreeMap<>();
    /** Each study's figures of its own, by its experiment's name (Summary#figures). */
    public final Map<String, JsonNode> figures = new LinkedHashMap<>();

    public Long serverStartupMs;

    /** The figures of the study whose experiment is {@code experiment}: a record of its own, as summary.json keeps it. */
    public void figures(String experiment, Object value) {
        figures.put(experiment, Summary.figuresOf(value));
    }

    /** Records and prints one line naming what is missing or broken; the report goes on without it. */
    public void missing(String line) {
        missing.add(line);
        System.out.println("loadlab report: " + line);
    }
}
