package dev.loadlab.jmeter;

import java.net.URL;
import org.apache.jmeter.protocol.http.sampler.HTTPFileImpl;
import org.apache.jmeter.protocol.http.sampler.HTTPHC4Impl;
import org.apache.jmeter.protocol.http.sampler.HTTPJavaImpl;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerFactory;
import org.apache.jmeter.samplers.Interruptible;

/**
 * JMeter's HTTP implementations (HttpClient4, Java, and file: URLs), chosen as JMeter's HTTPSamplerFactory chooses them,
 * for {@link GuardedHttpSampler}. JMeter's own sampler reaches their sending method from their package; these are the
 * same classes, extended only to reach it from ours. This file is loadlab's one dependence on JMeter's HTTP sampler
 * beyond its public API (protected constructors and methods of JMeter 5.6): GuardedHttpSamplerTest sends through each.
 */
final class GuardedImplementations {
    /** JMeter's protocol of local files, which its file implementation reads (HTTPSamplerBase's, not public). */
    static final String FILE = "file";

    private GuardedImplementations() {}

    /** What {@link GuardedHttpSampler} asks of an implementation. */
    interface Sending extends Interruptible {
        HTTPSampleResult send(URL url, String method, boolean areFollowingRedirect, int depth);

        void threadEnded();

        void loopRestarted();
    }

    /** The implementation the sampler names (empty: jmeter.httpsampler, HttpClient4 by default), or file: URLs'. */
    static Sending of(String implementation, HTTPSamplerBase sampler) {
        if (FILE.equals(sampler.getProtocol())) {
            return new File(sampler);
        }
        String name = implementation == null || implementation.isBlank()
                ? HTTPSamplerFactory.DEFAULT_CLASSNAME
                : implementation;
        return switch (name) {
            case HTTPSamplerFactory.IMPL_JAVA, HTTPSamplerFactory.HTTP_SAMPLER_JAVA -> new Java(sampler);
            case HTTPSamplerFactory.IMPL_HTTP_CLIENT4, HTTPSamplerFactory.IMPL_HTTP_CLIENT3_1 ->
                new HttpClient4(sampler);
            default -> throw new IllegalArgumentException("Unknown implementation type: '" + name + "'");
        };
    }

    private static final class HttpClient4 extends HTTPHC4Impl implements Sending {
        HttpClient4(HTTPSamplerBase sampler) {
            super(sampler);
        }

        @Override
        public HTTPSampleResult send(URL url, String method, boolean areFollowingRedirect, int depth) {
            return sample(url, method, areFollowingRedirect, depth);
        }

        @Override
        public void threadEnded() {
            threadFinished();
        }

        @Override
        public void loopRestarted() {
            notifyFirstSampleAfterLoopRestart();
        }
    }

    private static final class Java extends HTTPJavaImpl implements Sending {
        Java(HTTPSamplerBase sampler) {
            super(sampler);
        }

        @Override
        public HTTPSampleResult send(URL url, String method, boolean areFollowingRedirect, int depth) {
            return sample(url, method, areFollowingRedirect, depth);
        }

        @Override
        public void threadEnded() {
            threadFinished();
        }

        @Override
        public void loopRestarted() {
            notifyFirstSampleAfterLoopRestart();
        }
    }

    private static final class File extends HTTPFileImpl implements Sending {
        File(HTTPSamplerBase sampler) {
            super(sampler);
        }

        @Override
        public HTTPSampleResult send(URL url, String method, boolean areFollowingRedirect, int depth) {
            return sample(url, method, areFollowingRedirect, depth);
        }

        @Override
        public void threadEnded() {
            threadFinished();
        }

        @Override
        public void loopRestarted() {
            notifyFirstSampleAfterLoopRestart();
        }
    }
}
