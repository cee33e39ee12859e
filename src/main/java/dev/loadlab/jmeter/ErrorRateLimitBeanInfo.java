package dev.loadlab.jmeter;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;

/** The form of {@link ErrorRateLimit}; labels in {@code ErrorRateLimitResources.properties}. */
public class ErrorRateLimitBeanInfo extends BeanInfoSupport {
    public ErrorRateLimitBeanInfo() {
        super(ErrorRateLimit.class);
        createPropertyGroup("limit", new String[] {"errorLimitPercent", "windowSeconds", "minSamples"});
        required("errorLimitPercent", 10.0);
        required("windowSeconds", 5);
        required("minSamples", 50);
    }

    private void required(String name, Object defaultValue) {
        PropertyDescriptor descriptor = property(name);
        descriptor.setValue(NOT_UNDEFINED, Boolean.TRUE);
        descriptor.setValue(DEFAULT, defaultValue);
    }
}
