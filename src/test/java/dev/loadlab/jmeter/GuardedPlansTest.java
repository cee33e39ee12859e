package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GuardedPlansTest {
    @Test
    void shouldRunEachHttpRequestAsTheGuardedSamplerItsPropertiesKept() {
        String plan = """
                <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="home" enabled="true">
                  <stringProp name="HTTPSampler.path">/</stringProp>
                </HTTPSamplerProxy>""";

        assertEquals("""
                <dev.loadlab.jmeter.GuardedHttpSampler guiclass="HttpTestSampleGui" testclass="dev.loadlab.jmeter.GuardedHttpSampler" testname="home" enabled="true">
                  <stringProp name="HTTPSampler.path">/</stringProp>
                </dev.loadlab.jmeter.GuardedHttpSampler>""", GuardedPlans.guarded(plan));
    }

    @Test
    void shouldNameTheSamplersClassAsItIs() {
        assertEquals(GuardedHttpSampler.class.getName(), GuardedPlans.OURS);
    }
}
