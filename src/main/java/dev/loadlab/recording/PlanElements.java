package dev.loadlab.recording;

import dev.loadlab.shared.Markup;
import java.util.Map;

/** What each request of an imported plan carries beside it: its headers (JMeter's HTTP Request) and its status check. */
final class PlanElements {
    private PlanElements() {}

    /** JMeter's HTTP Header Manager of the request's headers, values carried as {@code ${name}}. */
    static void headerManager(StringBuilder x, String in, Map<String, String> headers) {
        x.append(in)
                .append("<HeaderManager guiclass=\"HeaderPanel\" testclass=\"HeaderManager\"")
                .append(" testname=\"HTTP Header Manager\" enabled=\"true\">\n")
                .append(in)
                .append("  <collectionProp name=\"HeaderManager.headers\">\n");
        headers.forEach((name, value) -> x.append(in)
                .append("    <elementProp name=\"\" elementType=\"Header\">\n")
                .append(in)
                .append("      <stringProp name=\"Header.name\">")
                .append(Markup.escape(name))
                .append("</stringProp>\n")
                .append(in)
                .append("      <stringProp name=\"Header.value\">")
                .append(Markup.escape(PlanCarrying.vars(value)))
                .append("</stringProp>\n")
                .append(in)
                .append("    </elementProp>\n"));
        x.append(in)
                .append("  </collectionProp>\n")
                .append(in)
                .append("</HeaderManager>\n")
                .append(in)
                .append("<hashTree/>\n");
    }

    /**
     * JMeter's Response Assertion on the response code, "equals" (test type 8), as Gatling's status.is; "ignore status"
     * on, so that the assertion decides: a recorded 404 is what the replay expects in both tools, not JMeter's failure.
     */
    static void statusAssertion(StringBuilder x, String in, int status) {
        x.append(in)
                .append(
                        "<ResponseAssertion guiclass=\"AssertionGui\" testclass=\"ResponseAssertion\" testname=\"status ")
                .append(status)
                .append("\" enabled=\"true\">\n")
                .append(in)
                .append("  <collectionProp name=\"Asserion.test_strings\">\n")
                .append(in)
                .append("    <stringProp name=\"")
                .append(Integer.toString(status).hashCode())
                .append("\">")
                .append(status)
                .append("</stringProp>\n")
                .append(in)
                .append("  </collectionProp>\n")
                .append(in)
                .append("  <stringProp name=\"Assertion.custom_message\"></stringProp>\n")
                .append(in)
                .append("  <stringProp name=\"Assertion.test_field\">Assertion.response_code</stringProp>\n")
                .append(in)
                .append("  <boolProp name=\"Assertion.assume_success\">true</boolProp>\n")
                .append(in)
                .append("  <intProp name=\"Assertion.test_type\">8</intProp>\n")
                .append(in)
                .append("</ResponseAssertion>\n")
                .append(in)
                .append("<hashTree/>\n");
    }
}
