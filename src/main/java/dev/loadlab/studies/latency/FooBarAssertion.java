package dev.loadlab.studies.latency;

import java.util.Optional;
import org.apache.jmeter.assertions.Assertion;
import org.apache.jmeter.assertions.AssertionResult;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * JMeter's assertion of the study's answer ({@link FooBarAnswer}): a sample whose answer is not the study's fails with
 * one line, "wrong answer: ..." (an invalid answer's kind in the report), or "status N, expected 200". A class apart
 * from the definition, which the build's steps ask before load without JMeter on their class path.
 */
public class FooBarAssertion extends AbstractTestElement implements Assertion, TestBean {
    private static final long serialVersionUID = 1L;

    private String idType = "string";
    private String fooId = "2";
    private String barId = "3";

    /** A status other than 200 fails the sample as Gatling's status.is(200) does; then the ids. */
    @Override
    public AssertionResult getResult(SampleResult sample) {
        AssertionResult result = new AssertionResult(getName());
        String status = sample.getResponseCode();
        Optional<String> problem = "200".equals(status)
                ? FooBarAnswer.problem(idType, fooId, barId, sample.getResponseData())
                : Optional.of("status " + status + ", expected 200");
        problem.ifPresent(p -> {
            result.setFailure(true);
            result.setFailureMessage(p);
        });
        return result;
    }

    public String getIdType() {
        return idType;
    }

    public void setIdType(String idType) {
        this.idType = idType;
    }

    public String getFooId() {
        return fooId;
    }

    public void setFooId(String fooId) {
        this.fooId = fooId;
    }

    public String getBarId() {
        return barId;
    }

    public void setBarId(String barId) {
        this.barId = barId;
    }
}
