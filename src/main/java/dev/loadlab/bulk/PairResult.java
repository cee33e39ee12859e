package dev.loadlab.bulk;

import java.util.List;

/** All runs of one mode and pair, and their statistics over the good ones. */
public record PairResult(
        Mode mode, Pair pair, int flushRows, int statementRows, int connections, List<RunResult> runs) {

    public Stats stats() {
        return Stats.of(
                runs.stream().filter(RunResult::ok).map(RunResult::seconds).toList(), pair.rows());
    }

    public long failedRuns() {
        return runs.stream().filter(r -> !r.ok()).count();
    }

    public List<String> errors() {
        return runs.stream()
                .filter(r -> !r.ok())
                .map(RunResult::error)
                .distinct()
                .toList();
    }

    public boolean ok() {
        return failedRuns() == 0 && !runs.isEmpty();
    }

    /** bulkbench's benchmark name: {@code seq-10x10000}. */
    public String name() {
        return mode.shortName() + "-" + pair;
    }
}
