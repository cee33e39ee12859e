package dev.loadlab.bulk;

import java.util.Set;
import java.util.TreeSet;

/**
 * How one batch is cut: into flushes of {@code flushRows} rows (one {@code executeBatch} each), each flush into
 * insert statements of {@code statementRows} rows (the last one of a flush may hold fewer). The same for every
 * batch of a run, so every statement size it needs can be prepared before the clock starts. With
 * {@code arrays} a flush is one insert with its rows bound as arrays ({@link Dialect#arrayInsertSql}).
 */
public record InsertPlan(int batchSize, int flushRows, int statementRows, boolean arrays) {
    /** The key of the array insert among a connection's prepared statements. */
    static final int ARRAY_STATEMENT = 0;

    public InsertPlan {
        if (flushRows < 1 || flushRows > batchSize || statementRows < 1) {
            throw new IllegalArgumentException("plan " + batchSize + "/" + flushRows + "/" + statementRows);
        }
        statementRows = arrays ? flushRows : Math.min(statementRows, flushRows);
    }

    public InsertPlan(int batchSize, int flushRows, int statementRows) {
        this(batchSize, flushRows, statementRows, false);
    }

    /** Row counts of the insert statements this plan uses. */
    public Set<Integer> statementSizes() {
        Set<Integer> sizes = new TreeSet<>();
        if (arrays) {
            return Set.of(ARRAY_STATEMENT);
        }
        addSizes(sizes, flushRows);
        if (batchSize % flushRows != 0) {
            addSizes(sizes, batchSize % flushRows);
        }
        return sizes;
    }

    private void addSizes(Set<Integer> sizes, int flush) {
        sizes.add(Math.min(statementRows, flush));
        if (flush > statementRows && flush % statementRows != 0) {
            sizes.add(flush % statementRows);
        }
    }
}
