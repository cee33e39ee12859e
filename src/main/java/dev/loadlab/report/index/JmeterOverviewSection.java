package dev.loadlab.report.index;

import static dev.loadlab.report.page.Table.column;

import dev.loadlab.report.model.JmeterOverview;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Section;
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
        return Section.of(
                "jmeter",
                "JMeter sample overview and target start-up",
                startup,
                Block.text("JMeter's CSV records bytes received with headers and body together, so no separate header"
                        + " size is shown."),
                Block.table(
                        "jmeter",
                        samples,
                        column("protocol", JmeterOverview::protocol),
                        column("plan", JmeterOverview::plan),
                        column("label", JmeterOverview::label),
                        column("samples", JmeterOverview::samples),
                        column("load time mean ms", o -> o.loadTimeMs().mean()),
                        column("load time max ms", o -> o.loadTimeMs().max()),
                        column("connect mean ms", o -> o.connectMs().mean()),
                        column("connect max ms", o -> o.connectMs().max()),
                        column(
                                "latency (first byte) mean ms",
                                o -> o.latencyMs().mean()),
                        column("latency max ms", o -> o.latencyMs().max()),
                        column("received bytes (headers + body) avg", JmeterOverview::avgReceivedBytes),
                        column("sent bytes avg", JmeterOverview::avgSentBytes)));
    }
}
