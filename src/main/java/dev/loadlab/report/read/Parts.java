package dev.loadlab.report.read;

import dev.loadlab.report.model.Gateway;
import dev.loadlab.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What the readers find, gathered before it becomes one {@link Summary}; a missing or broken file is one line. */
public final class Parts {
    public final List<String> missing = new ArrayList<>();
    public final List<Summary.Row> rows = new ArrayList<>();
    public final List<Summary.WritePoint> writePoints = new ArrayList<>();
    public final List<Gateway.Step> gatewaySteps = new ArrayList<>();
    public final List<Gateway.Knee> knees = new ArrayList<>();
    public final List<Summary.AbRun> abRuns = new ArrayList<>();
    public final List<Summary.JmeterOverview> jmeterSamples = new ArrayList<>();
    public final List<Summary.NativeReport> nativeReports = new ArrayList<>();
    public final List<Summary.CalibrationRow> calibration = new ArrayList<>();
    public final List<Summary.OwnRequestRow> ownRequests = new ArrayList<>();
    public final List<Summary.Timeline> timelines = new ArrayList<>();
    public final List<Summary.StressStop> stressStops = new ArrayList<>();
    public final List<Summary.LoadGenerators> generators = new ArrayList<>();
    public final Map<String, String> toolVersions = new TreeMap<>();
    public Summary.Bulk bulk;
    public Long serverStartupMs;

    /** Records and prints one line naming what is missing or broken; the report goes on without it. */
    void missing(String line) {
        missing.add(line);
        System.out.println("loadlab report: " + line);
    }
}
