package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The gate's verdict at the top of index.html: the report step computes the gate's checks on the summary.json it has
 * just written (GateMain#checks, the list the gate in verify reads again), so the page says what the build will say.
 */
final class Verdict {
    /** More failing checks than this are counted, not listed: the table of every check is the gate's JUnit XML. */
    static final int SHOWN = 25;

    private Verdict() {}

    static String render(List<Gate.Check> checks) {
        List<Gate.Check> failed = checks.stream().filter(c -> !c.passed()).toList();
        if (failed.isEmpty()) {
            return "<div id=\"verdict\" class=\"verdict passed\"><strong>Gate: passed</strong> (" + checks.size()
                    + " checks: limits per row, agreement with each tool's own report, every tool's count against the"
                    + " server's; target/gate-reports/TEST-loadlab-gate.xml lists them)</div>\n";
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Gate.Check c : failed.subList(0, Math.min(SHOWN, failed.size()))) {
            rows.add(java.util.Arrays.asList(c.kind(), c.scenario(), c.figure(), c.now(), c.limit(), c.baseline()));
        }
        String more = failed.size() > SHOWN
                ? Html.p("... and " + (failed.size() - SHOWN) + " more (target/gate-reports/TEST-loadlab-gate.xml).")
                : "";
        return "<div id=\"verdict\" class=\"verdict failed\"><strong>Gate: FAILED</strong>, " + failed.size() + " of "
                + checks.size() + " checks:"
                + Html.table("verdict", List.of("check", "scenario", "figure", "now", "allowed", "reference"), rows)
                + more + "</div>\n";
    }
}
