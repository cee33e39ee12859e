package dev.loadlab.studies.calibration;

import dev.loadlab.report.model.Stall;

/**
 * One tool's measured window of the calibration experiment on one route and wire, beside what the reference server
 * counted for the same requests (null where the target keeps no count) and, on the held route, the latency it was
 * asked to hold (null on the fast route). Throughputs are over each side's own window: the tool's from its first
 * request's start to its last answer, the server's from the first arrival to the last answer written. toolStall and
 * serverStall: how late the tool's JVM and the server's woke in the same seconds (null where not measured). runner: in
 * a merge of a build's jobs, the job whose runner measured it (each job runs its own calibration); null in a build's own.
 */
public record CalibrationRow(
        String route,
        String tool,
        String protocol,
        long samples,
        double errorPct,
        double throughputPerSec,
        long p50Ms,
        long p99Ms,
        Long serverCount,
        Double serverThroughputPerSec,
        Double serverHoldP50Ms,
        Double serverHoldP99Ms,
        Integer configuredLatencyMs,
        Stall toolStall,
        Stall serverStall,
        String runner) {
    public String key() {
        return tool + " " + protocol + " " + on("calibration") + " / " + route;
    }

    /** {@code text}, followed in a merge of split jobs by the job whose runner measured the row: "fast @ latency". */
    public String on(String text) {
        return runner == null ? text : text + " @ " + runner;
    }
}
