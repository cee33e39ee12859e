package dev.loadlab.studies;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Your own experiments in index.html: per request and wire, Gatling beside JMeter beside the server's own count. */
public final class OwnRequestsSection {
    private OwnRequestsSection() {}

    public static Section render(List<OwnRequestRow> rows) {
        if (rows.isEmpty()) {
            return null; // no experiment of yours ran: no section
        }
        List<List<Object>> body = new ArrayList<>();
        for (OwnRequestRow r : rows) {
            body.add(Arrays.asList(
                    r.experiment(),
                    r.request(),
                    r.protocol(),
                    r.gatlingSamples(),
                    r.serverGatling(),
                    r.jmeterSamples(),
                    r.serverJmeter(),
                    r.gatlingP50Ms(),
                    r.jmeterP50Ms(),
                    r.gatlingErrorPct(),
                    r.jmeterErrorPct()));
        }
        return Section.of(
                "own-requests",
                "Your own experiments, request by request",
                Block.text(
                        "Each request of your own experiments in both tools, on each wire, and what the reference server"
                                + " counted of each tool's requests under their tag (empty on a target that keeps no"
                                + " count). The gate holds each tool's count to the server's. Times in ms."),
                Block.table(
                        "own-requests",
                        List.of(
                                "experiment",
                                "request",
                                "protocol",
                                "Gatling samples",
                                "server count (Gatling)",
                                "JMeter samples",
                                "server count (JMeter)",
                                "Gatling p50",
                                "JMeter p50",
                                "Gatling error %",
                                "JMeter error %"),
                        body));
    }
}
