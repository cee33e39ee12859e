package dev.loadlab.bulk;

import java.io.PrintStream;
import java.util.Locale;

/** The console output, shaped like bulkbench's Go benchmark lines, one line per mode and pair as it finishes. */
final class ResultTable {
    private static final String ROW = "%-16s %5s %8s %8s %6s %10s %10s %10s %10s %12s%n";
    private final PrintStream out;

    ResultTable(PrintStream out) {
        this.out = out;
    }

    void runtime(RuntimeInfo info) {
        out.println("cores:    " + info.cores());
        out.println("JVM:      " + info.jvm());
        out.println("driver:   " + info.driver());
        out.println("database: " + info.database());
        out.println("url:      " + info.url());
    }

    void header() {
        out.printf(
                Locale.ROOT,
                ROW,
                "benchmark",
                "runs",
                "flush",
                "stmt",
                "conns",
                "avgsec/op",
                "maxsec/op",
                "medsec/op",
                "minsec/op",
                "rows/s");
    }

    void row(PairResult result) {
        Stats s = result.stats();
        out.printf(
                Locale.ROOT,
                ROW,
                result.name(),
                s.runs(),
                result.flushRows(),
                result.statementRows(),
                result.connections(),
                seconds(s.avgSeconds()),
                seconds(s.maxSeconds()),
                seconds(s.medianSeconds()),
                seconds(s.minSeconds()),
                String.format(Locale.ROOT, "%,.0f", s.rowsPerSecond()));
        if (!result.ok()) {
            out.println("  FAILED " + result.failedRuns() + " of "
                    + result.runs().size() + " runs: " + String.join(" | ", result.errors()));
        }
    }

    private static String seconds(double value) {
        return String.format(Locale.ROOT, "%.4f", value);
    }
}
