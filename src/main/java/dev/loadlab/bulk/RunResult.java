package dev.loadlab.bulk;

/**
 * One timed run of one mode and pair.
 *
 * @param statementRows rows per insert statement (several rows in one statement where the dialect does that)
 * @param seconds       insert and commit only; setup, DDL and the count check are outside
 * @param rowsCommitted rows of the batches whose commit returned, whether the run failed or not
 * @param rowsCounted   {@code select count(*)} after the run, -1 if the count itself failed
 * @param error         null for a good run; one line otherwise
 */
public record RunResult(
        Mode mode,
        Pair pair,
        int flushRows,
        int statementRows,
        int connections,
        double seconds,
        long rowsCommitted,
        long rowsCounted,
        String error) {

    public boolean ok() {
        return error == null;
    }

    public double rowsPerSecond() {
        return seconds > 0 ? rowsCommitted / seconds : 0;
    }
}
