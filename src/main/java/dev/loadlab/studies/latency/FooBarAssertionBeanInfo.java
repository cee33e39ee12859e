package dev.loadlab.studies.latency;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;

/** The form of {@link FooBarAssertion}; labels in {@code FooBarAssertionResources.properties}. */
public class FooBarAssertionBeanInfo extends BeanInfoSupport {
    public FooBarAssertionBeanInfo() {
        super(FooBarAssertion.class);
        createPropertyGroup("answer", new String[] {"idType", "fooId", "barId"});
        required("idType", "${__P(latency.idType,string)}");
        required("fooId", "${__P(latency.fooId,2)}");
        required("barId", "${__P(latency.barId,3)}");
    }

    private void required(String name, String defaultValue) {
        PropertyDescriptor descriptor = property(name);
        descriptor.setValue(NOT_UNDEFINED, Boolean.TRUE);
        descriptor.setValue(DEFAULT, defaultValue);
    }
}
