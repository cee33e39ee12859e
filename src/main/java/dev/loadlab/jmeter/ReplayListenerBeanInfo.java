package dev.loadlab.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** {@link ReplayListener} has no fields: whether it logs is the run's replay setting. */
public class ReplayListenerBeanInfo extends BeanInfoSupport {
    public ReplayListenerBeanInfo() {
        super(ReplayListener.class);
    }
}
