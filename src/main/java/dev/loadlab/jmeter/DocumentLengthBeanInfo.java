package dev.loadlab.jmeter;

import org.apache.jmeter.testbeans.BeanInfoSupport;

/** {@link DocumentLength} has no fields: it always writes the variable documentLength. */
public class DocumentLengthBeanInfo extends BeanInfoSupport {
    public DocumentLengthBeanInfo() {
        super(DocumentLength.class);
    }
}
