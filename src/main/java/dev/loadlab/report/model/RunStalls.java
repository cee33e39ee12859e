package dev.loadlab.report.model;

/**
 * The stalls during one run (tool x protocol x run, over its timeline's window): in the JVM that sent the load and in
 * the target's own JVM (null where it was not measured: a target of yours, a run older than the meter).
 */
public record RunStalls(String tool, String protocol, String run, Stall generator, Stall server) {
    public String key() {
        return Summary.runKey(tool, protocol, run);
    }
}
