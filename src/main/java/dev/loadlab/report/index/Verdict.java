package dev.loadlab.report.index;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Table;
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

    static Page.Verdict of(List<Check> checks) {
        List<Check> failed = checks.stream().filter(c -> !c.passed()).toList();
        if (failed.isEmpty()) {
            return new Page.Verdict(true, checks.size(), 0, null, null);
        }
        List<List<Object>> rows = new ArrayList<>();
        for (Check c : failed.subList(0, Math.min(SHOWN, failed.size()))) {
            rows.add(java.util.Arrays.asList(c.kind(), c.scenario(), c.figure(), c.now(), c.limit(), c.baseline()));
        }
        return new Page.Verdict(
                false,
                checks.size(),
                failed.size(),
                Table.of("verdict", List.of("check", "scenario", "figure", "now", "allowed", "reference"), rows),
                failed.size() > SHOWN
                        ? "... and " + (failed.size() - SHOWN) + " more (target/gate-reports/TEST-loadlab-gate.xml)."
                        : null);
    }
}
