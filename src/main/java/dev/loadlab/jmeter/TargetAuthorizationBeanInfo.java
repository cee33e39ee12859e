package dev.loadlab.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** {@link TargetAuthorization} has no fields: what it sends is target.auth and the environment's secret. */
public class TargetAuthorizationBeanInfo extends BeanInfoSupport {
    public TargetAuthorizationBeanInfo() {
        super(TargetAuthorization.class);
    }
}
