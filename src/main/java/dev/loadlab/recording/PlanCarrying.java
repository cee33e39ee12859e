package dev.loadlab.recording;

import static dev.loadlab.recording.PlanElements.line;
import static dev.loadlab.recording.PlanElements.lines;
import static dev.loadlab.recording.PlanElements.opening;

import dev.loadlab.shared.Markup;

/** The parts of a recorded plan that carry values from an answer to a later request (Carrying), in JMeter's terms. */
final class PlanCarrying {
    private PlanCarrying() {}

    /**
     * The test plan's variables for what the user typed: each from the environment as the run starts
     * (dev.loadlab.settings.OwnSecrets), never in the plan or its results.
     */
    static void secrets(StringBuilder x, String experiment, java.util.Collection<String> names) {
        for (String secret : names.stream().sorted().toList()) {
            String value = "${__groovy(System.getenv('"
                    + dev.loadlab.settings.OwnSecrets.environment(experiment, secret) + "') ?: '',)}";
            String in = "          ";
            line(x, in, "<elementProp name=\"" + Markup.escape(secret) + "\" elementType=\"Argument\">");
            PlanWriter.prop(x, in, "Argument.name", secret);
            PlanWriter.prop(x, in, "Argument.value", value);
            PlanWriter.prop(x, in, "Argument.metadata", "=");
            line(x, in, "</elementProp>");
        }
    }

    /** Each carried value and secret as the JMeter variable ${name}. */
    static String vars(String text) {
        return Carrying.variables(text, name -> "${" + name + "}", name -> "${__urlencode(${" + name + "})}");
    }

    /**
     * The post-processor that takes a carried value from its answer into the thread's variables: JSON Extractor,
     * CSS Selector Extractor (hidden input, meta tag), or Regular Expression Extractor on the headers; a value not
     * found is NOT_FOUND, so that the request that sends it fails where the answer changed.
     */
    static void extractor(StringBuilder x, String in, Carrying.Carried c) {
        String where = c.offered().where();
        String said = c.variable() + " from " + c.offered().describe();
        switch (c.offered().source()) {
            case JSON -> {
                line(x, in, opening("JSONPostProcessor", "JSONPostProcessorGui", said));
                PlanWriter.prop(x, in, "JSONPostProcessor.referenceNames", c.variable());
                PlanWriter.prop(x, in, "JSONPostProcessor.jsonPathExprs", where);
                PlanWriter.prop(x, in, "JSONPostProcessor.match_numbers", "1");
                PlanWriter.prop(x, in, "JSONPostProcessor.defaultValues", "NOT_FOUND");
                line(x, in, "</JSONPostProcessor>");
            }
            case HIDDEN_INPUT, META -> {
                boolean input = c.offered().source() == Offered.Source.HIDDEN_INPUT;
                line(x, in, opening("HtmlExtractor", "HtmlExtractorGui", said));
                PlanWriter.prop(x, in, "HtmlExtractor.refname", c.variable());
                PlanWriter.prop(
                        x,
                        in,
                        "HtmlExtractor.expr",
                        input
                                ? "input[name='" + where + "']"
                                : "meta[name='" + where + "'], meta[property='" + where + "']");
                PlanWriter.prop(x, in, "HtmlExtractor.attribute", input ? "value" : "content");
                PlanWriter.prop(x, in, "HtmlExtractor.default", "NOT_FOUND");
                PlanWriter.prop(x, in, "HtmlExtractor.match_number", "1");
                PlanWriter.prop(x, in, "HtmlExtractor.extractor_impl", "JSOUP");
                lines(x, in, """
                          <boolProp name="HtmlExtractor.default_empty_value">false</boolProp>
                        </HtmlExtractor>
                        """);
            }
            case HEADER, REDIRECT_QUERY -> {
                String regex = c.offered().source() == Offered.Source.HEADER
                        ? "(?im)^" + literal(where) + ":\\s*(\\S+)"
                        : "(?im)^Location:[^\\r\\n]*?[?&]" + literal(where) + "=([^&#\\s]*)";
                line(x, in, opening("RegexExtractor", "RegexExtractorGui", said));
                PlanWriter.prop(x, in, "RegexExtractor.useHeaders", "true");
                PlanWriter.prop(x, in, "RegexExtractor.refname", c.variable());
                PlanWriter.prop(x, in, "RegexExtractor.regex", regex);
                PlanWriter.prop(x, in, "RegexExtractor.template", "$1$");
                PlanWriter.prop(x, in, "RegexExtractor.default", "NOT_FOUND");
                PlanWriter.prop(x, in, "RegexExtractor.match_number", "1");
                lines(x, in, """
                          <boolProp name="RegexExtractor.default_empty_value">false</boolProp>
                        </RegexExtractor>
                        """);
            }
        }
        line(x, in, "<hashTree/>");
    }

    /** A name as a literal in JMeter's regular expressions (Perl 5 syntax, which has no \\Q...\\E). */
    private static String literal(String name) {
        return name.replaceAll("([\\\\^$.|?*+()\\[\\]{}])", "\\\\$1");
    }
}
