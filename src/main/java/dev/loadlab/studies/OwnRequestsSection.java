package dev.loadlab.studies;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.List;

/** Your own experiments in index.html: per request and wire, Gatling beside JMeter beside the server's own count. */
public final class OwnRequestsSection {
    private OwnRequestsSection() {}

    public static Section render(List<OwnRequestRow> rows) {
        if (rows.isEmpty()) {
            return null; // no experiment of yours ran: no section
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
                        rows,
                        column("experiment", OwnRequestRow::experiment),
                        column("request", OwnRequestRow::request),
                        column("protocol", OwnRequestRow::protocol),
                        column("Gatling samples", OwnRequestRow::gatlingSamples),
                        column("server count (Gatling)", OwnRequestRow::serverGatling),
                        column("JMeter samples", OwnRequestRow::jmeterSamples),
                        column("server count (JMeter)", OwnRequestRow::serverJmeter),
                        column("Gatling p50", OwnRequestRow::gatlingP50Ms),
                        column("JMeter p50", OwnRequestRow::jmeterP50Ms),
                        column("Gatling error %", OwnRequestRow::gatlingErrorPct),
                        column("JMeter error %", OwnRequestRow::jmeterErrorPct)));
    }
}
