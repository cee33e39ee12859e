package dev.loadlab.studies.odatawrite;

/**
 * The write-strategies study: wall time of one strategy's run divided by its records. errorKind: where the run had
 * failed requests, their most frequent kind ("HTTP 502"); null where it had none, and in a summary from before.
 * repeat: which of -Drepeats' runs of the table (1 in a summary from before repeats).
 */
public record WritePoint(
        String protocol,
        String strategy,
        int width,
        int records,
        long wallMs,
        double msPerRecord,
        boolean ok,
        String errorKind,
        int repeat) {
    public WritePoint {
        repeat = Math.max(1, repeat);
    }

    public String series() {
        return protocol + " " + strategy + (width > 1 ? "-" + width : "");
    }
}
