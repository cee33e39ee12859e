package dev.loadlab.jmeter;

import org.apache.jmeter.processor.PostProcessor;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContext;

/**
 * Puts each answer's body size in the variable {@value #VARIABLE}, which the latency plan's results save as a
 * column (sample_variables in jmeter/tuning.properties): ab's Document Length, where the CSV's bytes column holds
 * headers and body together. Plain Java rather than a JSR223 script: JMeter builds a new Groovy script engine, with
 * its own class loader and writers, for every call of such an element, 18 % of the plain run's thread samples in
 * bench/plain-vs-ab.sh.
 */
public class DocumentLength extends AbstractTestElement implements PostProcessor, TestBean {
    private static final long serialVersionUID = 1L;
    static final String VARIABLE = "documentLength";

    @Override
    public void process() {
        JMeterContext context = getThreadContext();
        SampleResult previous = context.getPreviousResult();
        if (previous != null) {
            context.getVariables().put(VARIABLE, Long.toString(previous.getBodySizeAsLong()));
        }
    }
}
