package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RepeatSuffixTest {
    private final JMeterContext context = JMeterContextService.getContext();

    @AfterEach
    void forgetTheVariables() {
        context.setVariables(null);
    }

    /** The thread group's iterations as JMeterThread counts them: the first is 1. */
    private String labelEndIn(int iteration) {
        JMeterVariables variables = new JMeterVariables();
        for (int i = 0; i < iteration; i++) {
            variables.incIteration();
        }
        context.setVariables(variables);
        new RepeatSuffix().process();
        return variables.get(RepeatSuffix.VARIABLE);
    }

    @Test
    void shouldLeaveTheFirstRepeatsLabelAsARunWithoutRepeatsNamesIt() {
        assertEquals("", labelEndIn(1));
    }

    @Test
    void shouldEndALaterRepeatsLabelAsGatlingsDo() {
        assertEquals(" repeat=2", labelEndIn(2));
        assertEquals(" repeat=3", labelEndIn(3));
    }
}
