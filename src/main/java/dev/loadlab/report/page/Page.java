package dev.loadlab.report.page;

import java.util.List;

/**
 * A whole page of reports/: its title, the paragraphs under it, the gate's verdict and the findings where the page
 * has them (index.html), then its sections, each in the page's contents.
 */
public record Page(String title, List<Block> lead, Verdict verdict, List<Finding> findings, List<Section> sections) {
    /**
     * The gate's verdict: passed, or the failing checks (at most a screenful; more are counted in {@code more}).
     * checks: how many the gate ran.
     */
    public record Verdict(boolean passed, int checks, int failed, Table failing, String more) {}

    /** One experiment's headline, in the study's terms, linking to the section with its figures. */
    public record Finding(String experiment, String text, String section) {}

    public Page {
        lead = lead == null ? List.of() : lead;
        findings = findings == null ? List.of() : findings;
    }

    /** For the template: the findings' heading only above findings. */
    public boolean hasFindings() {
        return !findings.isEmpty();
    }
}
