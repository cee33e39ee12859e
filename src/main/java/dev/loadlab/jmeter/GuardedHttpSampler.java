package dev.loadlab.jmeter;

import dev.loadlab.shared.HostGuard;
import java.net.URL;
import org.apache.jmeter.engine.event.LoopIterationEvent;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Interruptible;

/**
 * JMeter's HTTP Request as the build runs it: each plan's copy names this class where the plan names JMeter's
 * {@code HTTPSamplerProxy} ({@link GuardedPlans}), so that every request it would send, whatever its implementation
 * (HttpClient4 or Java), goes to a host of the build's reach or is not sent. JMeter sends each request of an HTTP sampler
 * through one method, which this implements as JMeter's own sampler does (which is final): the sampler's own URL, each
 * redirect it follows and each embedded resource it retrieves (a concurrent pool clones the sampler, and a clone is of
 * this class). A request elsewhere is a failed sample whose message is "blocked host host:port". Redirects are followed
 * here, where they are seen, never inside the HTTP client ("Redirect Automatically" behaves as "Follow Redirects"). The
 * plan in jmeter/ is not changed: the GUI opens JMeter's own sampler; a fragment the GUI loads from JMeter's bin/ is
 * this one, which holds nothing where the JMeter running it was given no reach (the build's runs always are).
 */
public class GuardedHttpSampler extends HTTPSamplerBase implements Interruptible {
    private static final long serialVersionUID = 1L;

    /** JMeter's implementation of the sampler's choice, made at its first request (HTTP Request Defaults may set it). */
    private transient GuardedImplementations.Sending impl;

    @Override
    protected HTTPSampleResult sample(URL u, String method, boolean areFollowingRedirect, int depth) {
        java.util.Optional<HostGuard> guard =
                JmeterReach.guard(); // none outside the build: the GUI runs it as JMeter's
        if (guard.isPresent() && !GuardedImplementations.FILE.equalsIgnoreCase(u.getProtocol())) { // file: has no host
            try {
                guard.get().admit(u.getProtocol(), u.getHost(), u.getPort());
            } catch (HostGuard.BlockedHost blocked) {
                HTTPSampleResult result = new HTTPSampleResult();
                result.setSampleLabel(u.toString());
                result.setURL(u);
                result.setHTTPMethod(method);
                result.sampleStart();
                result.sampleEnd();
                return errorResult(blocked, result);
            }
        }
        if (impl == null) { // as JMeter's: a clone for a concurrent pool starts without one
            try {
                impl = GuardedImplementations.of(getImplementation(), this);
            } catch (RuntimeException e) {
                return errorResult(e, new HTTPSampleResult());
            }
        }
        return impl.send(u, method, areFollowingRedirect, depth);
    }

    /** The HTTP client follows no redirect itself: where it would, this sampler does, and sees each. */
    @Override
    public boolean getAutoRedirects() {
        return false;
    }

    @Override
    public boolean getFollowRedirects() {
        return super.getFollowRedirects() || super.getAutoRedirects();
    }

    @Override
    public void threadFinished() {
        if (impl != null) {
            impl.threadEnded();
        }
    }

    @Override
    public boolean interrupt() {
        return impl != null && impl.interrupt();
    }

    @Override
    public void testIterationStart(LoopIterationEvent event) {
        if (impl != null) {
            impl.loopRestarted();
        }
    }
}
