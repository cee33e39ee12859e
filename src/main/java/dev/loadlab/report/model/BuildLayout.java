package dev.loadlab.report.model;

import java.nio.file.Path;

/**
 * Where the build keeps what the report reads and writes. These are the build's own paths, not settings: Maven runs
 * the report and the gate in the project's basedir, so each {@code main} uses {@code Path.of("")}; tests use a
 * temporary folder.
 */
public record BuildLayout(Path basedir) {

    public Path target() {
        return basedir.resolve("target");
    }

    public Path reports() {
        return basedir.resolve("reports");
    }

    public Path summary() {
        return reports().resolve("summary.json");
    }

    public Path gatling() {
        return target().resolve("gatling");
    }

    public Path jmeterResults() {
        return target().resolve("jmeter/results");
    }

    public Path jmeterReports() {
        return target().resolve("jmeter/reports");
    }

    public Path gateXml() {
        return target().resolve("gate-reports/TEST-loadlab-gate.xml");
    }

    /** The gate's checks as the report step worked them out (StoredVerdict). */
    public Path verdict() {
        return target().resolve("loadlab/gate-checks.json");
    }

    /** How late each JVM of the build woke, second by second (dev.loadlab.shared.StallMeter). */
    public Path stalls() {
        return target().resolve("loadlab/stalls");
    }

    /** A path a setting names (bulk.resultsFile, baseline): relative to the basedir, as the build gives it. */
    public Path resolve(String path) {
        return basedir.resolve(path);
    }
}
