package dev.loadlab.report;

import java.nio.file.Path;

/**
 * Where the build keeps what the report reads and writes. These are the build's own paths, not settings: Maven runs
 * the report and the gate in the project's basedir, so each {@code main} uses {@code Path.of("")}; tests use a
 * temporary folder.
 */
record BuildLayout(Path basedir) {

    Path target() {
        return basedir.resolve("target");
    }

    Path reports() {
        return basedir.resolve("reports");
    }

    Path summary() {
        return reports().resolve("summary.json");
    }

    Path gatling() {
        return target().resolve("gatling");
    }

    Path jmeterResults() {
        return target().resolve("jmeter/results");
    }

    Path jmeterReports() {
        return target().resolve("jmeter/reports");
    }

    Path gateXml() {
        return target().resolve("gate-reports/TEST-loadlab-gate.xml");
    }

    /** A path a setting names (bulk.resultsFile, baseline): relative to the basedir, as the build gives it. */
    Path resolve(String path) {
        return basedir.resolve(path);
    }
}
