package dev.loadlab.jmeter;

import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestStateListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.visualizers.Visualizer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a stress run once the error rate over the last {@code windowSeconds} passes {@code errorLimitPercent}
 * (with at least {@code minSamples} samples in the window, so one early failure does not end it). Paired with a
 * thread group that steps its users up, it finds the load where the target starts failing. The study's stress test
 * raised its threads as far as it could and ended at 7.7-8.2 % errors over the whole run; the window and the limit are
 * loadlab's own (docs/studies.md). It saves nothing and draws nothing; it is a {@link Visualizer} only so
 * that JMeter's GUI files it under Add > Listener (a TestBean without a menu category is an error there).
 */
public class ErrorRateLimit extends AbstractTestElement
        implements SampleListener, TestStateListener, NoThreadClone, TestBean, Visualizer {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ErrorRateLimit.class);

    private double errorLimitPercent = 10.0;
    private int windowSeconds = 5;
    private int minSamples = 50;

    private transient ErrorRateWindow window;
    private transient boolean stopped;

    @Override
    public void testStarted() {
        if (errorLimitPercent <= 0 || errorLimitPercent > 100) {
            throw new IllegalArgumentException(
                    "errorLimitPercent=" + errorLimitPercent + " is out of range: allowed >0..100");
        }
        if (windowSeconds < 1 || windowSeconds > 3600) {
            throw new IllegalArgumentException("windowSeconds=" + windowSeconds + " is out of range: allowed 1..3600");
        }
        if (minSamples < 1) {
            throw new IllegalArgumentException("minSamples=" + minSamples + " is out of range: allowed >= 1");
        }
        synchronized (this) {
            window = new ErrorRateWindow(windowSeconds);
            stopped = false;
        }
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    @Override
    public void sampleOccurred(SampleEvent event) {
        SampleResult result = event.getResult();
        long now = result.getEndTime();
        String reason;
        synchronized (this) {
            if (stopped || window == null) {
                return;
            }
            window.add(now, !result.isSuccessful());
            double percent = window.errorPercent(now);
            long samples = window.samples(now);
            if (samples < minSamples || percent <= errorLimitPercent) {
                return;
            }
            stopped = true;
            reason = String.format(
                    "loadlab stress: error rate %.1f%% over the last %d s (%d samples) passed the "
                            + "%.1f%% limit with %d threads running: stopping the test",
                    percent, windowSeconds, samples, errorLimitPercent, JMeterContextService.getNumberOfThreads());
        }
        LOG.warn(reason);
        System.out.println(reason); // NOSONAR: JMeter's console is where the user watches a non-GUI run
        StandardJMeterEngine engine = JMeterContextService.getContext().getEngine();
        if (engine != null) {
            engine.askThreadsToStop();
        }
    }

    @Override
    public void add(SampleResult sample) {
        // Nothing to draw: samples are counted in sampleOccurred, in GUI and non-GUI runs alike.
    }

    @Override
    public boolean isStats() {
        return false;
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // Only finished samples count.
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // Only finished samples count.
    }

    @Override
    public void testEnded() {
        // Nothing to flush: the verdict was logged when it happened.
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    public double getErrorLimitPercent() {
        return errorLimitPercent;
    }

    public void setErrorLimitPercent(double errorLimitPercent) {
        this.errorLimitPercent = errorLimitPercent;
    }

    public int getWindowSeconds() {
        return windowSeconds;
    }

    public void setWindowSeconds(int windowSeconds) {
        this.windowSeconds = windowSeconds;
    }

    public int getMinSamples() {
        return minSamples;
    }

    public void setMinSamples(int minSamples) {
        this.minSamples = minSamples;
    }
}
