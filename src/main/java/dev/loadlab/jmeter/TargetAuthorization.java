package dev.loadlab.jmeter;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.TargetAuth;
import java.util.Map;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.protocol.http.control.Header;
import org.apache.jmeter.protocol.http.control.HeaderManager;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.util.JMeterUtils;

/**
 * Adds the target's Authorization header (target.auth; its secret from the environment only) to every sampler in
 * its scope that sends to the build's target: JMeter's own HTTP sampler and loadlab's {@link Http2Sampler}; a request
 * to a service named beside it (target.api.url) goes without it, as that service is not the target the credentials
 * are for. With target.auth=none it adds nothing, not even an empty header, which a plain HTTP Header Manager entry of
 * ${__P(...)} would send.
 *
 * <p>The value never becomes a property of the plan: the core sampler gets it through a header manager that JMeter
 * merges for this sample only and drops afterwards, the HTTP/2 sampler through a field that is not a bean property.
 * Results files do not save request headers (jmeter.save.saveservice.requestHeaders stays false).
 */
public class TargetAuthorization extends AbstractTestElement implements PreProcessor, TestBean {
    private static final long serialVersionUID = 1L;

    private final transient Map<String, String> environment;

    public TargetAuthorization() {
        this(System.getenv());
    }

    /** For tests: a process's environment cannot be changed from Java. */
    TargetAuthorization(Map<String, String> environment) {
        this.environment = environment;
    }

    /** Read once per thread copy: the environment and the run's properties do not change during a run. */
    private transient String value;

    @Override
    public void process() {
        Sampler sampler = getThreadContext().getCurrentSampler();
        String header = value();
        if (sampler instanceof Http2Sampler http2) {
            http2.authorize(header);
        } else if (sampler instanceof HTTPSamplerBase http && !header.isEmpty() && toTheTarget(http)) {
            HeaderManager added = new HeaderManager();
            added.add(new Header("Authorization", header));
            // setHeaderManager merges with the sampler's own manager, as a temporary property of this sample
            http.setHeaderManager(added);
        }
    }

    /** The sampler's URL, its HTTP Request Defaults applied, is the target's (a URL it cannot make: let it fail). */
    private static boolean toTheTarget(HTTPSamplerBase http) {
        if (JmeterReach.guard().isEmpty()) {
            return true; // the GUI: no reach, and the target is the one the plan names
        }
        try {
            return JmeterReach.isTheTarget(http.getUrl());
        } catch (java.net.MalformedURLException e) {
            return false;
        }
    }

    private String value() {
        if (value == null) {
            String kind = JMeterUtils.getPropDefault(ContractKnobs.AUTH.name(), "none");
            Settings settings = Settings.of(Map.of(ContractKnobs.AUTH.name(), kind), environment);
            // a missing secret fails every sample with the same one line the build's first check prints
            value = TargetAuth.header(settings).orElse("");
        }
        return value;
    }
}
