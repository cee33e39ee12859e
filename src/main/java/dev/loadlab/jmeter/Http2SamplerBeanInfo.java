package dev.loadlab.jmeter;

import dev.loadlab.settings.Protocol;
import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.gui.TextAreaEditor;

/**
 * Describes {@link Http2Sampler}'s properties to JMeter, which builds the sampler's form from it (labels and
 * tooltips come from {@code Http2SamplerResources.properties}). Every field also takes ${...} expressions,
 * so a plan can read it from a property ({@code ${__P(protocol)}}).
 */
public class Http2SamplerBeanInfo extends BeanInfoSupport {
    public Http2SamplerBeanInfo() {
        super(Http2Sampler.class);
        createPropertyGroup("request", new String[] {"url", "method", "headers", "body", "cookies"});
        createPropertyGroup("connection", new String[] {"protocol", "timeoutMs", "trustedCertificate"});

        text("url", "");
        PropertyDescriptor method = text("method", "GET");
        method.setValue(TAGS, new String[] {"GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"});
        method.setValue(NOT_OTHER, Boolean.FALSE);
        text("headers", "").setPropertyEditorClass(TextAreaEditor.class);
        text("body", "").setPropertyEditorClass(TextAreaEditor.class);
        PropertyDescriptor cookies = property("cookies");
        cookies.setValue(NOT_UNDEFINED, Boolean.TRUE);
        cookies.setValue(DEFAULT, Boolean.FALSE);

        PropertyDescriptor protocol = text("protocol", Protocol.HTTP2.id);
        protocol.setValue(TAGS, new String[] {Protocol.HTTP2.id, Protocol.HTTP1.id});
        protocol.setValue(NOT_OTHER, Boolean.FALSE);
        PropertyDescriptor timeout = property("timeoutMs");
        timeout.setValue(NOT_UNDEFINED, Boolean.TRUE);
        timeout.setValue(DEFAULT, Http2Sampler.DEFAULT_TIMEOUT_MS);
        text("trustedCertificate", "");
    }

    private PropertyDescriptor text(String name, String defaultValue) {
        PropertyDescriptor descriptor = property(name);
        descriptor.setValue(NOT_UNDEFINED, Boolean.TRUE);
        descriptor.setValue(DEFAULT, defaultValue);
        return descriptor;
    }
}
