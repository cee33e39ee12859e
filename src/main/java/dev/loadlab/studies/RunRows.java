package dev.loadlab.studies;

import dev.loadlab.report.model.Summary;
import java.util.List;
import java.util.Locale;

/** What the studies' findings share: an experiment's whole-run rows, and figures as the first screen prints them. */
public final class RunRows {
    private RunRows() {}

    /** Each tool's row of all requests (Gatling) or all samples (JMeter) of an experiment's runs. */
    public static List<Summary.Row> whole(Summary s, String experiment) {
        return s.scenarios().stream()
                .filter(Summary.Row::wholeRun)
                .filter(Studies.rowsOf(experiment))
                .toList();
    }

    /** Thousands separated from 100 on, two decimals below. */
    public static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }
}
