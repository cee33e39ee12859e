package dev.loadlab.shared;

import java.util.Optional;

/**
 * What a JMeter run of the build knows of itself from inside JMeter's JVM: the build's folder (target/loadlab), which
 * the build writes into JMeter's properties, and the plan on JMeter's command line. Read by the progress line, the live
 * limits and the replay listener, each of which runs inside JMeter.
 */
public final class JmeterRun {
    /** The JMeter property that names target/loadlab for JMeter's start-up script (the build's first step writes it). */
    public static final String DIR_PROPERTY = "loadlab.dir";

    private JmeterRun() {}

    /** The plan's name, without .jmx, from JMeter's command line (a path may hold spaces: up to ".jmx"). */
    public static Optional<String> planOf(String command) {
        int flag = command.indexOf(" -t ");
        int end = flag < 0 ? -1 : command.indexOf(".jmx", flag);
        if (end < 0) {
            return Optional.empty();
        }
        String path = command.substring(flag + 4, end).trim();
        return Optional.of(path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1));
    }
}
