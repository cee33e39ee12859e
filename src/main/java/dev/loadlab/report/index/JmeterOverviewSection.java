package dev.loadlab.report.index;

import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
import java.util.ArrayList;
import java.util.List;

/** JMeter's sample overview (study 004's form of JMeter's own summary), for every experiment's plans. */
public final class JmeterOverviewSection {
    private JmeterOverviewSection() {}

    static Section render(List<JmeterOverview> samples, Long startupMs) {
        Block startup = Block.text("Embedded target's start-up time: "
                + (startupMs == null
                        ? "not measured (no server-metrics.csv: external target, or no gateway run)"
                        : startupMs + " ms"));
        if (samples.isEmpty()) {
            return Section.of(
                    "jmeter",
                    "JMeter sample overview",
                    startup,
                    Block.text("No JMeter results (see Missing results)."));
        }
        List<List<Object>> rows = new ArrayList<>();
        for (JmeterOverview o : samples) {
            rows.add(List.of(
                    o.protocol(),
                    o.plan(),
                    o.label(),
                    o.samples(),
                    o.loadTimeMs().mean(),
                    o.loadTimeMs().max(),
                    o.connectMs().mean(),
                    o.connectMs().max(),
                    o.latencyMs().mean(),
                    o.latencyMs().max(),
                    o.avgReceivedBytes(),
                    o.avgSentBytes()));
        }
        return Section.of(
                "jmeter",
                "JMeter sample overview and target start-up",
                startup,
                Block.text("JMeter's CSV records bytes received with headers and body together, so no separate header"
                        + " size is shown."),
                Block.table(
                        "jmeter",
                        List.of(
                                "protocol",
                                "plan",
                                "label",
                                "samples",
                                "load time mean ms",
                                "load time max ms",
                                "connect mean ms",
                                "connect max ms",
                                "latency (first byte) mean ms",
                                "latency max ms",
                                "received bytes (headers + body) avg",
                                "sent bytes avg"),
                        rows));
    }
}
