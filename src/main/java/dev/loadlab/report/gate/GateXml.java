package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.shared.Markup;
import java.util.List;

/** The gate's checks as a JUnit-style XML report (one testcase per check), which CI servers show as tests. */
public final class GateXml {
    private GateXml() {}

    public static String render(List<Check> checks) {
        long failures = checks.stream().filter(c -> !c.passed()).count();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<testsuite name=\"loadlab-gate\" tests=\"")
                .append(checks.size())
                .append("\" failures=\"")
                .append(failures)
                .append("\" errors=\"0\" skipped=\"0\">\n");
        for (Check c : checks) {
            xml.append("  <testcase classname=\"loadlab.gate.")
                    .append(c.kind())
                    .append("\" name=\"")
                    .append(Markup.escape(c.scenario() + " " + c.figure()))
                    .append("\"");
            if (c.passed()) {
                xml.append("/>\n");
            } else {
                String message = c.figure() + " " + c.now()
                        + (c.baseline().isEmpty() ? "" : " (baseline " + c.baseline() + ")") + ", allowed " + c.limit();
                xml.append(">\n    <failure message=\"")
                        .append(Markup.escape(message))
                        .append("\"/>\n  </testcase>\n");
            }
        }
        return xml.append("</testsuite>\n").toString();
    }
}
