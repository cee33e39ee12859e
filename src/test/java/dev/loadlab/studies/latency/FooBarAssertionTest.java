package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.shared.Answers;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** JMeter's assertion of the study's answer, on the answers a target may send; Gatling's check asks the same problem. */
class FooBarAssertionTest {
    /** The study's router's answer to /foo/2/bar/3 (its 60-byte document), and a service that sends numbers. */
    private static final String STUDY = "{\"foo_id\": \"2\", \"bar_id\": \"3\", \"message\": \"all bars by foo\"}";

    private static final String NUMBERS = "{\"foo_id\":2,\"bar_id\":3}";

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            200 | string | STUDY   | 2 |
            200 | number | NUMBERS | 2 |
            200 | none   | <html>  | 2 |
            200 | string | NUMBERS | 2 | wrong answer: foo_id is not the JSON string "2"
            200 | number | STUDY   | 2 | wrong answer: foo_id is not the JSON number 2
            200 | string | STUDY   | 5 | wrong answer: foo_id is not the JSON string "5"
            200 | string | <html>  | 2 | wrong answer: no JSON object, expected foo_id and bar_id
            200 | string | []      | 2 | wrong answer: no JSON object, expected foo_id and bar_id
            302 | none   | STUDY   | 2 | status 302, expected 200
            503 | string | STUDY   | 2 | status 503, expected 200
            """)
    void shouldFailAnAnswerThatIsNotTheStudysWithOneLine(
            String status, String idType, String body, String fooId, String failure) {
        SampleResult sample = new SampleResult();
        sample.setResponseCode(status);
        String data = body.equals("STUDY") ? STUDY : body.equals("NUMBERS") ? NUMBERS : body;
        sample.setResponseData(data, StandardCharsets.UTF_8.name());
        FooBarAssertion answer = new FooBarAssertion();
        answer.setIdType(idType);
        answer.setFooId(fooId);

        AssertionResult result = answer.getResult(sample);

        assertEquals(failure != null, result.isFailure(), String.valueOf(result.getFailureMessage()));
        if (failure != null) {
            assertEquals(failure, result.getFailureMessage());
            // an invalid body is a kind of its own in the report; a status is the status's
            assertEquals(
                    failure.startsWith("wrong answer"),
                    Answers.PROBLEM.matcher(failure).matches());
        }
    }

    @org.junit.jupiter.api.Test
    void shouldCheckTheBarIdTooAndNameTheSettingBeforeLoad() {
        byte[] wrongBar = "{\"foo_id\": \"2\", \"bar_id\": \"4\"}".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                "wrong answer: bar_id is not the JSON string \"3\"",
                FooBarAnswer.problem("string", "2", "3", wrongBar).orElseThrow());
        assertTrue(FooBarAnswer.problem("string", "2", "4", wrongBar).isEmpty());
        assertFalse(FooBarAnswer.problem("number", "2", "3", wrongBar).isEmpty());
    }
}
