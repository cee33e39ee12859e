package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What the readers find, gathered before it becomes one {@link Summary}; a missing or broken file is one line. */
final class Parts {
    final List<String> missing = new ArrayList<>();
    final List<Summary.Row> rows = new ArrayList<>();
    final List<Summary.WritePoint> writePoints = new ArrayList<>();
    final List<Summary.GatewayStep> gatewaySteps = new ArrayList<>();
    final List<Summary.Knee> knees = new ArrayList<>();
    final List<Summary.AbRun> abRuns = new ArrayList<>();
    final List<Summary.JmeterOverview> jmeterSamples = new ArrayList<>();
    final List<Summary.NativeReport> nativeReports = new ArrayList<>();
    final List<Summary.CalibrationRow> calibration = new ArrayList<>();
    final List<Summary.OwnRequestRow> ownRequests = new ArrayList<>();
    final List<Summary.Timeline> timelines = new ArrayList<>();
    final List<Summary.StressStop> stressStops = new ArrayList<>();
    final List<Summary.LoadGenerators> generators = new ArrayList<>();
    final Map<String, String> toolVersions = new TreeMap<>();
    Summary.Bulk bulk;
    Long serverStartupMs;

    /** Records and prints one line naming what is missing or broken; the report goes on without it. */
    void missing(String line) {
        missing.add(line);
        System.out.println("loadlab report: " + line);
    }
}
