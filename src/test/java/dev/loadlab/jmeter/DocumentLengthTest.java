package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DocumentLengthTest {
    private final JMeterContext context = JMeterContextService.getContext();

    @AfterEach
    void forgetTheSample() {
        context.setPreviousResult(null);
        context.setVariables(null);
    }

    @Test
    void shouldSaveTheBodySizeWithoutTheHeadersAsAbsDocumentLength() {
        SampleResult answer = new SampleResult();
        answer.setResponseHeaders("HTTP/1.1 200 OK\r\nContent-Length: 13\r\n\r\n");
        answer.setResponseData("{\"users\": []}", StandardCharsets.UTF_8.name());
        context.setVariables(new JMeterVariables());
        context.setPreviousResult(answer);

        new DocumentLength().process();

        assertEquals("13", context.getVariables().get(DocumentLength.VARIABLE));
    }

    @Test
    void shouldLeaveTheVariableUnsetWhenNoSampleRanBefore() {
        context.setVariables(new JMeterVariables());

        new DocumentLength().process();

        assertNull(context.getVariables().get(DocumentLength.VARIABLE));
    }
}
