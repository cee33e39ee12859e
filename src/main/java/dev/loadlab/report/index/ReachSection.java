package dev.loadlab.report.index;

import dev.loadlab.report.model.TargetRequests;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * index.html's "Where the load went": for each run, how many requests each target took (the build's own and each named
 * one) and how many were not sent because their host is on no target, by host. Nothing where no run counted.
 */
final class ReachSection {
    private ReachSection() {}

    static Section render(List<TargetRequests> runs) {
        if (runs.isEmpty()) {
            return null;
        }
        TreeSet<String> columns = new TreeSet<>((a, b) -> order(a).compareTo(order(b)));
        runs.forEach(r -> columns.addAll(r.requests().keySet()));
        List<List<Object>> rows = new ArrayList<>();
        for (TargetRequests r : runs) {
            List<Object> row = new ArrayList<>(List.of(r.tool(), r.protocol(), r.run()));
            for (String column : columns) {
                row.add(r.requests().getOrDefault(column, 0L));
            }
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("tool", "protocol", "run"));
        columns.forEach(c -> header.add(
                c.startsWith(TargetRequests.BLOCKED)
                        ? "not sent: " + c.substring(TargetRequests.BLOCKED.length())
                        : c.startsWith(TargetRequests.UNGUARDED)
                                ? "sent, unguarded: " + c.substring(TargetRequests.UNGUARDED.length())
                                : c));
        return Section.of(
                "reach",
                "Where the load went",
                Block.text("Requests per target of the build: \"target\" is the one it loads (-Dtarget.url or the"
                        + " embedded server), the others are the services named with -Dtarget.<name>.url. A request to"
                        + " a host no target is on is not sent and fails as \"blocked host\"; its column names the host."
                        + " Gatling counts every request it sends, JMeter every sample it records (a redirect it"
                        + " followed or a resource it fetched is inside its sample)."),
                Block.table("reach", header, rows));
    }

    /** The build's target first, then named targets by name, then hosts not reached by host. */
    private static String order(String column) {
        return (column.equals("target") ? "0" : TargetRequests.isTarget(column) ? "1" : "2") + column;
    }
}
