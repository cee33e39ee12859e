package dev.loadlab.jmeter;

import dev.loadlab.shared.Repeats;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * Puts what a label ends with in the thread group's current repeat (-Drepeats, one iteration of its thread group each)
 * in the variable {@value #VARIABLE}: nothing in the first, {@code " repeat=2"} from the second on, as Gatling names
 * its repeats ({@link Repeats#suffix}), so that the report reads both tools' repeats alike. The latency plan's samplers
 * end their labels with {@code ${repeat}}. Plain Java, as {@link DocumentLength} is, rather than a JSR223 script.
 */
public class RepeatSuffix extends AbstractTestElement implements PreProcessor, TestBean {
    private static final long serialVersionUID = 1L;
    static final String VARIABLE = "repeat";

    @Override
    public void process() {
        JMeterVariables variables = getThreadContext().getVariables();
        variables.put(VARIABLE, Repeats.suffix(variables.getIteration()));
    }
}
