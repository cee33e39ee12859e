package dev.loadlab.report.compare;

import java.util.List;

/** One experiment's part of compare.html: its title and its tables ({@link Comparison}), each run's columns side by side. */
public record CompareSection(String experiment, String title, List<Comparison<?>> comparisons) {

    /** The section of the scenario rows of no experiment's section (plans of your own), so no row is left off. */
    public static final String OTHER = "other";
}
