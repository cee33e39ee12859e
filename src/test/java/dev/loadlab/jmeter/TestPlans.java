package dev.loadlab.jmeter;

import java.util.Map;

/** Plans written for tests, as JMeter's GUI saves them, small enough to read in a test. */
public final class TestPlans {
    private TestPlans() {}

    /** A plan: User Defined Variables of its own, then a thread group whose tree is {@code inner}. */
    public static String plan(Map<String, String> variables, String inner) {
        StringBuilder args = new StringBuilder();
        variables.forEach((k, v) -> args.append("""
                <elementProp name="%s" elementType="Argument">
                  <stringProp name="Argument.name">%s</stringProp>
                  <stringProp name="Argument.value">%s</stringProp>
                </elementProp>""".formatted(k, k, v)));
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="plan">
                      <elementProp name="TestPlan.user_defined_variables" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments" testname="User Defined Variables">
                        <collectionProp name="Arguments.arguments">%s</collectionProp>
                      </elementProp>
                    </TestPlan>
                    <hashTree>
                      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="users"/>
                      <hashTree>%s</hashTree>
                    </hashTree>
                  </hashTree>
                </jmeterTestPlan>
                """.formatted(args, inner);
    }

    public static String defaults(String domain, String port, String protocol) {
        return """
                <ConfigTestElement guiclass="HttpDefaultsGui" testclass="ConfigTestElement" testname="defaults">
                  <stringProp name="HTTPSampler.domain">%s</stringProp>
                  <stringProp name="HTTPSampler.port">%s</stringProp>
                  <stringProp name="HTTPSampler.protocol">%s</stringProp>
                </ConfigTestElement>
                <hashTree/>""".formatted(domain, port, protocol);
    }

    public static String request(String name, String domain, String path, boolean enabled) {
        return """
                <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="%s" enabled="%s">
                  <stringProp name="HTTPSampler.domain">%s</stringProp>
                  <stringProp name="HTTPSampler.path">%s</stringProp>
                </HTTPSamplerProxy>
                <hashTree/>""".formatted(name, enabled, domain, path);
    }
}
