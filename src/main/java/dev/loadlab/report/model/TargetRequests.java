package dev.loadlab.report.model;

import java.util.Map;

/**
 * Where one run's requests went (a tool's run of a simulation or plan on one wire): how many each target took, by its
 * name ({@code target}, the build's own; {@code api}, a named one), and how many were not sent, under
 * {@code blocked host <host:port>}, a host no target of the build is on.
 */
public record TargetRequests(String tool, String protocol, String run, Map<String, Long> requests) {
    /** What a count of requests not sent is keyed by, before its host. */
    public static final String BLOCKED = "blocked host ";

    /**
     * What a count of requests that reached a host of no target is keyed by, before its host: what a guard that was not
     * in place would leave in a tool's results (it never should: the gate fails on it).
     */
    public static final String UNGUARDED = "sent to host ";

    public TargetRequests {
        requests = requests == null ? Map.of() : Map.copyOf(requests);
    }

    /** Requests not sent, by host. */
    public Map<String, Long> blocked() {
        return byHost(BLOCKED);
    }

    /** Requests sent to a host of no target, by host. */
    public Map<String, Long> unguarded() {
        return byHost(UNGUARDED);
    }

    private Map<String, Long> byHost(String prefix) {
        Map<String, Long> out = new java.util.TreeMap<>();
        requests.forEach((key, n) -> {
            if (key.startsWith(prefix) && n > 0) {
                out.put(key.substring(prefix.length()), n);
            }
        });
        return out;
    }

    /** A count by target, not by a host of no target. */
    public static boolean isTarget(String key) {
        return !key.startsWith(BLOCKED) && !key.startsWith(UNGUARDED);
    }

    public String key() {
        return Summary.runKey(tool, protocol, run);
    }
}
