package dev.loadlab.recording;

import dev.loadlab.shared.Markup;
import java.util.Map;

/** What each request of an imported plan carries beside it: its headers (JMeter's HTTP Request) and its status check. */
final class PlanElements {
    private PlanElements() {}

    /** One line of the plan at the depth {@code in}; {@code line} holds no line break (a value's may: not split). */
    static void line(StringBuilder x, String in, String line) {
        x.append(in).append(line).append('\n');
    }

    /** Each line of a fixed block after {@code in}, as the plan's indentation at that depth. */
    static void lines(StringBuilder x, String in, String fixed) {
        fixed.lines().forEach(l -> line(x, in, l));
    }

    /** An element's opening tag as JMeter's GUI writes it: its GUI class, its class, its name, enabled. */
    static String opening(String element, String gui, String name) {
        return "<" + element + " guiclass=\"" + gui + "\" testclass=\"" + element + "\" testname=\""
                + Markup.escape(name) + "\" enabled=\"true\">";
    }

    /** JMeter's HTTP Header Manager of the request's headers, values carried as {@code ${name}}. */
    static void headerManager(StringBuilder x, String in, Map<String, String> headers) {
        line(x, in, opening("HeaderManager", "HeaderPanel", "HTTP Header Manager"));
        line(x, in, "  <collectionProp name=\"HeaderManager.headers\">");
        headers.forEach((name, value) -> {
            line(x, in, "    <elementProp name=\"\" elementType=\"Header\">");
            line(x, in, "      <stringProp name=\"Header.name\">" + Markup.escape(name) + "</stringProp>");
            line(
                    x,
                    in,
                    "      <stringProp name=\"Header.value\">" + Markup.escape(PlanCarrying.vars(value))
                            + "</stringProp>");
            line(x, in, "    </elementProp>");
        });
        lines(x, in, """
                  </collectionProp>
                </HeaderManager>
                <hashTree/>
                """);
    }

    /**
     * JMeter's Response Assertion on the response code, "equals" (test type 8), as Gatling's status.is; "ignore status"
     * on, so that the assertion decides: a recorded 404 is what the replay expects in both tools, not JMeter's failure.
     */
    static void statusAssertion(StringBuilder x, String in, int status) {
        line(x, in, opening("ResponseAssertion", "AssertionGui", "status " + status));
        line(x, in, "  <collectionProp name=\"Asserion.test_strings\">");
        line(x, in, "    <stringProp name=\"" + Integer.toString(status).hashCode() + "\">" + status + "</stringProp>");
        lines(x, in, """
                  </collectionProp>
                  <stringProp name="Assertion.custom_message"></stringProp>
                  <stringProp name="Assertion.test_field">Assertion.response_code</stringProp>
                  <boolProp name="Assertion.assume_success">true</boolProp>
                  <intProp name="Assertion.test_type">8</intProp>
                </ResponseAssertion>
                <hashTree/>
                """);
    }
}
