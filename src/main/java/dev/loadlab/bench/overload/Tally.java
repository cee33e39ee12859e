package dev.loadlab.bench.overload;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** What the clients of one scenario got, by kind: a status code, or how the connection ended without one. */
final class Tally {
    static final String REFUSED = "refused";
    static final String RESET = "reset";
    static final String CLOSED = "closed";
    static final String NO_ANSWER = "no answer";
    static final String CONNECT_PENDING = "connect pending";

    private final Map<String, Long> counts = new TreeMap<>();

    void add(String kind) {
        counts.merge(kind, 1L, Long::sum);
    }

    /** "200 x4096, 503 x5903, no answer x1500", most frequent first. */
    @Override
    public String toString() {
        return counts.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .map(e -> e.getKey() + " x" + e.getValue())
                .collect(Collectors.joining(", "));
    }
}
