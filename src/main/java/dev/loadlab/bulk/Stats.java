package dev.loadlab.bulk;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * bulkbench's figures over the good runs of one mode and pair: seconds per run (avg, max, median, min) and
 * rows per second (the rows of one run over its average time, i.e. all rows over all time).
 */
public record Stats(
        int runs, double avgSeconds, double maxSeconds, double medianSeconds, double minSeconds, double rowsPerSecond) {

    public static final Stats NONE = new Stats(0, 0, 0, 0, 0, 0);

    public static Stats of(List<Double> seconds, long rowsPerRun) {
        if (seconds.isEmpty()) {
            return NONE;
        }
        List<Double> sorted = new ArrayList<>(seconds);
        Collections.sort(sorted);
        int n = sorted.size();
        double sum = 0;
        for (double s : sorted) {
            sum += s;
        }
        double avg = sum / n;
        // The mean of the two middle values for an even count.
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        double rowsPerSecond = avg > 0 ? rowsPerRun / avg : 0;
        return new Stats(n, avg, sorted.get(n - 1), median, sorted.get(0), rowsPerSecond);
    }
}
