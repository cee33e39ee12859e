package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * A JMeter sampler for HTTP/2 (h2 over TLS, h2c in cleartext) on Jetty's HTTP2Client, and HTTP/1.1 on
 * Jetty's HttpClient. It is a {@link TestBean}: JMeter builds its form from {@link Http2SamplerBeanInfo}
 * and sets the properties below before every sample. Each JMeter thread has one {@link ThreadConnection}, whichever of
 * its samplers sends, reused across the thread's iterations and closed when the thread ends.
 */
public class Http2Sampler extends AbstractSampler implements TestBean, ThreadListener, Interruptible {
    private static final long serialVersionUID = 1L;
    static final int DEFAULT_TIMEOUT_MS = 30_000;

    private String url = "";
    private String method = "GET";
    private String headers = "";
    /** Keep the target's cookies per thread and send them back (SamplerCookies); off: none sent, as before. */
    private boolean cookies;

    private String body = "";
    private int timeoutMs = DEFAULT_TIMEOUT_MS;
    private String protocol = Protocol.HTTP2.id;
    private String trustedCertificate = "";

    /** Set by {@link TargetAuthorization} before each sample; not a property, so never saved in a plan or result. */
    private transient String authorization = "";

    /**
     * The connection of the JMeter thread that runs this code. Per thread, not per sampler: JMeter clones a sampler for
     * each thread and for each place a plan includes it, and JMeter's own HTTP sampler keeps its connections per thread,
     * so a thread whose warm-up and measured samples are two samplers must reach the target on one connection, not
     * open a second one (with its TLS handshake) inside the measured window.
     */
    /** The sample variable that carries the protocol and scheme a sample spoke. */
    static final String SPOKEN = "spoken";

    private static final ThreadLocal<ThreadConnection> THREAD_CONNECTION = new ThreadLocal<>();

    private transient RequestSpec spec;
    /** The connection this sampler last used, for {@link #interrupt()}, which JMeter calls from another thread. */
    private transient volatile ThreadConnection connection;

    @Override
    public SampleResult sample(Entry entry) {
        SampleResult result = new SampleResult();
        result.setSampleLabel(getName());
        result.setDataType(SampleResult.TEXT);
        RequestSpec request;
        ThreadConnection http;
        try {
            request = currentSpec();
            http = currentConnection(request.protocol);
        } catch (IllegalArgumentException e) {
            return SampleOutcome.invalidSettings(result, e.getMessage());
        }
        result.setURL(request.url);
        java.util.Optional<String> blocked = blocked(request);
        if (blocked.isPresent()) {
            return SampleOutcome.notSent(result, blocked.get());
        }
        // the body as JMeter's own sampler shows it, after a blank line (the replay check names what was sent)
        result.setSamplerData(
                request.method + " " + request.urlText + (request.bodyText.isEmpty() ? "" : "\n\n" + request.bodyText));
        result.setRequestHeaders(request.headersText);
        http.sample(request, result);
        if (cookies) {
            SamplerCookies.keep(request.url.toString(), result.getResponseHeaders());
        }
        saySpoken(request);
        return result;
    }

    /**
     * In a run of the build, a request to a host of no target is not sent (JmeterReach): the reason; in the GUI, which
     * has no reach, nothing.
     */
    private static java.util.Optional<String> blocked(RequestSpec request) {
        try {
            JmeterReach.guard()
                    .ifPresent(g -> g.admit(request.secure ? "https" : "http", request.uri.getHost(), request.port));
            return java.util.Optional.empty();
        } catch (dev.loadlab.shared.HostGuard.BlockedHost e) {
            return java.util.Optional.of(e.getMessage());
        }
    }

    /** What this sample spoke, saved as the CSV column spoken (sample_variables): the gate checks it against the wire. */
    private static void saySpoken(RequestSpec request) {
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            vars.put(SPOKEN, request.protocol.id + " " + (request.secure ? "https" : "http"));
        }
    }

    private RequestSpec currentSpec() {
        RequestSpec last = spec;
        String sent = cookies ? SamplerCookies.withCookies(headers, url) : headers;
        RequestSpec.Given given =
                new RequestSpec.Given(url, method, sent, body, authorizationFor(url), timeoutMs, protocol);
        if (last == null || !last.parsedFrom(given)) {
            last = RequestSpec.parse(given);
            spec = last;
        }
        return last;
    }

    private ThreadConnection currentConnection(Protocol wanted) {
        String trust = trustedCertificate == null ? "" : trustedCertificate.trim();
        ThreadConnection current = THREAD_CONNECTION.get();
        if (current == null || current.protocol != wanted || !current.trustedCertificate.equals(trust)) {
            if (current != null) {
                current.close();
            }
            current = ThreadConnection.of(wanted, trust);
            THREAD_CONNECTION.set(current);
        }
        connection = current;
        return current;
    }

    /** The target's credentials for a request to {@code url}: none to a service named beside it (JmeterReach). */
    private String authorizationFor(String url) {
        if (authorization.isEmpty()) {
            return authorization;
        }
        try {
            return JmeterReach.isTheTarget(java.net.URI.create(url.strip()).toURL()) ? authorization : "";
        } catch (IllegalArgumentException | java.net.MalformedURLException e) {
            return authorization; // not a URL: RequestSpec refuses it in one line
        }
    }

    /** The target's Authorization header value for the next samples (empty: none). */
    void authorize(String value) {
        authorization = value == null ? "" : value;
    }

    @Override
    public void threadStarted() {
        // The connection is opened by the first sample, once the thread's variables are known.
    }

    @Override
    public void threadFinished() {
        ThreadConnection current = THREAD_CONNECTION.get(); // the thread's other samplers find it gone: closed once
        THREAD_CONNECTION.remove();
        SamplerCookies.clear();
        connection = null;
        if (current != null) {
            current.close();
        }
    }

    @Override
    public boolean interrupt() {
        ThreadConnection current = connection;
        return current != null && current.abort(new InterruptedException("sample interrupted by JMeter"));
    }

    // ----- TestBean properties: names must match Http2SamplerBeanInfo and Http2SamplerResources -----

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url == null ? "" : url;
    }

    public String getMethod() {
        return method;
    }

    public void setMethod(String method) {
        this.method = method == null ? "" : method;
    }

    public String getHeaders() {
        return headers;
    }

    public void setHeaders(String headers) {
        this.headers = headers == null ? "" : headers;
    }

    public boolean getCookies() {
        return cookies;
    }

    public void setCookies(boolean cookies) {
        this.cookies = cookies;
    }

    public String getBody() {
        return body;
    }

    public void setBody(String body) {
        this.body = body == null ? "" : body;
    }

    public int getTimeoutMs() {
        return timeoutMs;
    }

    public void setTimeoutMs(int timeoutMs) {
        this.timeoutMs = timeoutMs;
    }

    public String getProtocol() {
        return protocol;
    }

    public void setProtocol(String protocol) {
        this.protocol = protocol == null ? "" : protocol;
    }

    public String getTrustedCertificate() {
        return trustedCertificate;
    }

    public void setTrustedCertificate(String trustedCertificate) {
        this.trustedCertificate = trustedCertificate == null ? "" : trustedCertificate;
    }
}
