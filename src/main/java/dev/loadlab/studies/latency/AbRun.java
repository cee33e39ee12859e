package dev.loadlab.studies.latency;

import dev.loadlab.report.model.Times;
import java.util.Map;

/**
 * ApacheBench's summary of one `ab [-k] -c C -n N` run by a tool; connect/processing/waiting only where the tool
 * records them (JMeter), and the byte counts likewise (null for Gatling, which records neither).
 */
public record AbRun(
        String tool,
        String protocol,
        String label,
        int concurrency,
        long completeRequests,
        long failedRequests,
        double timeTakenSeconds,
        double requestsPerSecond,
        double timePerRequestMs,
        double timePerRequestAcrossMs,
        Map<String, Times> times,
        Map<String, Long> servedWithinMs,
        Long documentLengthBytes,
        Long totalTransferredBytes,
        Long htmlTransferredBytes) {
    /** The same run without -k: the key that puts plain ab and ab -k side by side. */
    public String pairKey() {
        return tool + " " + protocol + " " + label.replace(" -k", "");
    }

    public boolean keepAlive() {
        return label.contains(" -k ");
    }
}
