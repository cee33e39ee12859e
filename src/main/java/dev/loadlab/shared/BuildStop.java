package dev.loadlab.shared;

/**
 * What a step in Maven's JVM (exec:java) throws to stop the build. exec-maven-plugin logs whatever a main throws with
 * its stack trace, which tells a user whose setting or run is at fault nothing; this one carries none, so the build's
 * error is its one line.
 */
public final class BuildStop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BuildStop(String message) {
        super(message, null, false, false);
    }
}
