package dev.loadlab.jmeter;

import dev.loadlab.settings.Reach;
import dev.loadlab.shared.HostGuard;
import java.util.Optional;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The hosts a JMeter run of the build may reach: the property the build writes beside the target ({@link Reach#PROPERTY},
 * in target.properties, which each wire's run reads and the engines get as a global property), read once per value. A
 * JMeter that was given none (the GUI, a plan run outside the build) has no reach.
 */
final class JmeterReach {
    private static volatile HostGuard guard;
    private static volatile String guardOf;

    private JmeterReach() {}

    /**
     * Whether the target's credentials (target.auth) go with a request to this URL: to the build's own target, not to a
     * service named beside it (which has its own); everywhere where JMeter was given no reach (the GUI).
     */
    static boolean isTheTarget(java.net.URL url) {
        return guard().map(g -> Reach.TARGET.equals(g.targetOf(url.getProtocol(), url.getHost(), url.getPort())))
                .orElse(true);
    }

    /** This JVM's guard of the build's reach; empty where JMeter was given none. */
    static Optional<HostGuard> guard() {
        String written = JMeterUtils.getProperty(Reach.PROPERTY);
        if (written == null || written.isBlank()) {
            return Optional.empty();
        }
        HostGuard current = guard;
        if (current == null || !written.equals(guardOf)) {
            synchronized (JmeterReach.class) {
                current = new HostGuard(Reach.parse(written));
                guardOf = written;
                guard = current;
            }
        }
        return Optional.of(current);
    }
}
