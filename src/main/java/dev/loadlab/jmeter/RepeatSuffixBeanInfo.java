package dev.loadlab.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** {@link RepeatSuffix} has no fields: it always writes the variable repeat. */
public class RepeatSuffixBeanInfo extends BeanInfoSupport {
    public RepeatSuffixBeanInfo() {
        super(RepeatSuffix.class);
    }
}
