package dev.loadlab.recording;

import static dev.loadlab.recording.PlanElements.line;
import static dev.loadlab.recording.PlanElements.lines;

import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.shared.Markup;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A recording as a JMeter plan of your own, in the form JMeter's GUI saves: a thread group of {@code <name>.users},
 * started over {@code <name>.rampSeconds}, each user running the journey in a Runtime Controller for
 * {@code <name>.durationSeconds}; the journey twice, as the plans' fragments pick a sampler: JMeter's own HTTP Request
 * for HTTP/1.1 and loadlab's for h2c and h2 (the protocol property of the run), each user keeping its cookies. Every
 * request carries its name, method, path and query, headers, body, a check of the status it got, the tag the server
 * counts it under and the extractors of what later requests carry (PlanCarrying); think times are Flow Control Actions.
 */
final class PlanWriter {
    private PlanWriter() {}

    static String write(String experiment, String source, Har.Read recording) {
        String users = "${__P(" + OwnKnobs.users(experiment).name() + ")}";
        String ramp = "${__P(" + OwnKnobs.rampSeconds(experiment).name() + ")}";
        String duration = "${__P(" + OwnKnobs.durationSeconds(experiment).name() + ")}";
        StringBuilder x = new StringBuilder();
        x.append("""
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                """);
        x.append("    <TestPlan guiclass=\"TestPlanGui\" testclass=\"TestPlan\" testname=\"")
                .append(Markup.escape(experiment))
                .append("\">\n")
                .append("      <stringProp name=\"TestPlan.comments\">")
                .append(Markup.escape(
                        "Recorded in " + source + " (" + recording.origin() + ") and turned into this by loadlab's"
                                + " HAR import (docs/own-scenarios.md): " + SimulationWriter.summary(recording) + "."))
                .append("</stringProp>\n");
        x.append("""
                      <elementProp name="TestPlan.user_defined_variables" elementType="Arguments" guiclass="ArgumentsPanel" testclass="Arguments" testname="User Defined Variables">
                        <collectionProp name="Arguments.arguments">
                          <elementProp name="spoken" elementType="Argument">
                            <stringProp name="Argument.name">spoken</stringProp>
                            <stringProp name="Argument.value">${__P(protocol)} ${__jexl3(props.get(&apos;target.url&apos;).split(&apos;:&apos;)[0].toLowerCase())}</stringProp>
                            <stringProp name="Argument.metadata">=</stringProp>
                          </elementProp>
                """);
        PlanCarrying.secrets(x, experiment, recording.secrets());
        x.append("""
                        </collectionProp>
                      </elementProp>
                    </TestPlan>
                    <hashTree>
                """);
        x.append("      <ThreadGroup guiclass=\"ThreadGroupGui\" testclass=\"ThreadGroup\" testname=\"")
                .append(Markup.escape(experiment))
                .append("\" enabled=\"true\">\n");
        prop(x, "      ", "ThreadGroup.num_threads", users);
        prop(x, "      ", "ThreadGroup.ramp_time", ramp);
        x.append("""
                        <longProp name="ThreadGroup.delay">0</longProp>
                        <boolProp name="ThreadGroup.same_user_on_next_iteration">true</boolProp>
                        <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
                        <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController" testname="Loop Controller">
                          <stringProp name="LoopController.loops">1</stringProp>
                          <boolProp name="LoopController.continue_forever">false</boolProp>
                        </elementProp>
                      </ThreadGroup>
                      <hashTree>
                        <CookieManager guiclass="CookiePanel" testclass="CookieManager" testname="HTTP Cookie Manager" enabled="true">
                          <collectionProp name="CookieManager.cookies"/>
                          <stringProp name="TestPlan.comments">Each user (thread) starts with no cookie and keeps what the target sets, as Gatling&apos;s users do; loadlab&apos;s sampler keeps its own alike (cookies=true).</stringProp>
                          <boolProp name="CookieManager.clearEachIteration">false</boolProp>
                          <boolProp name="CookieManager.controlledByThreadGroup">false</boolProp>
                        </CookieManager>
                        <hashTree/>
                        <dev.loadlab.jmeter.TargetAuthorization guiclass="TestBeanGUI" testclass="dev.loadlab.jmeter.TargetAuthorization" testname="target authorization" enabled="true">
                          <stringProp name="TestPlan.comments">Adds Authorization to every request when target.auth is bearer or basic; the secret comes from the environment, never from the plan.</stringProp>
                        </dev.loadlab.jmeter.TargetAuthorization>
                        <hashTree/>
                """).append(PlanReplay.LOG);
        x.append(
                        "        <RunTime guiclass=\"RunTimeGui\" testclass=\"RunTime\" testname=\"journey\" enabled=\"true\">\n")
                .append("          <stringProp name=\"TestPlan.comments\">Repeats the journey until ")
                .append(Markup.escape(OwnKnobs.durationSeconds(experiment).name()))
                .append(" has passed; a request under way is finished first.</stringProp>\n")
                .append("          <stringProp name=\"RunTime.seconds\">")
                .append(Markup.escape(duration))
                .append("</stringProp>\n")
                .append("        </RunTime>\n")
                .append("        <hashTree>\n");
        x.append("""
                          <SwitchController guiclass="SwitchControllerGui" testclass="SwitchController" testname="protocol" enabled="true">
                            <stringProp name="SwitchController.value">${__P(protocol)}</stringProp>
                          </SwitchController>
                          <hashTree>
                            <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="http1" enabled="true">
                              <stringProp name="TestPlan.comments">Runs when protocol=http1: JMeter&apos;s own HTTP Request sampler.</stringProp>
                            </GenericController>
                            <hashTree>
                """);
        journey(x, experiment, recording.requests(), true);
        x.append("""
                            </hashTree>
                            <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="default" enabled="true">
                              <stringProp name="TestPlan.comments">Runs for every other protocol value: loadlab&apos;s sampler (h2c, h2).</stringProp>
                            </GenericController>
                            <hashTree>
                """);
        journey(x, experiment, recording.requests(), false);
        x.append("""
                            </hashTree>
                          </hashTree>
                """).append(PlanReplay.ONE_PASS).append("""
                        </hashTree>
                      </hashTree>
                    </hashTree>
                  </hashTree>
                </jmeterTestPlan>
                """);
        return x.toString();
    }

    private static void journey(StringBuilder x, String experiment, List<Recorded> requests, boolean jmeterSampler) {
        String in = "              ";
        for (int i = 0; i < requests.size(); i++) {
            Recorded r = requests.get(i);
            if (r.pauseMs() > 0 && i > 0) {
                line(x, in, PlanElements.opening("TestAction", "TestActionGui", "think " + r.pauseMs() + " ms"));
                lines(x, in, """
                          <intProp name="ActionProcessor.action">1</intProp>
                          <intProp name="ActionProcessor.target">0</intProp>
                        """);
                line(x, in, "  <stringProp name=\"ActionProcessor.duration\">" + r.pauseMs() + "</stringProp>");
                lines(x, in, """
                        </TestAction>
                        <hashTree/>
                        """);
            }
            Map<String, String> headers = new java.util.LinkedHashMap<>(r.headers());
            headers.put(OwnKnobs.TAG_HEADER, OwnKnobs.tag("jmeter", "${__P(wire,gui)}", experiment, r.name()));
            if (jmeterSampler) {
                httpRequest(x, in, r, headers);
            } else {
                loadlabSampler(x, in, r, headers);
            }
            line(x, in, "<hashTree>");
            if (jmeterSampler) {
                PlanElements.headerManager(x, in + "  ", headers);
            }
            PlanElements.statusAssertion(x, in + "  ", r.status());
            for (Carrying.Carried c : r.carries()) {
                PlanCarrying.extractor(x, in + "  ", c);
            }
            line(x, in, "</hashTree>");
        }
    }

    private static void httpRequest(StringBuilder x, String in, Recorded r, Map<String, String> headers) {
        line(x, in, PlanElements.opening("HTTPSamplerProxy", "HttpTestSampleGui", r.name()));
        prop(x, in, "HTTPSampler.connect_timeout", "${__P(jmeter.timeoutMs)}");
        prop(x, in, "HTTPSampler.response_timeout", "${__P(jmeter.timeoutMs)}");
        prop(x, in, "HTTPSampler.path", base(r) + PlanCarrying.vars(r.pathAndQuery()));
        prop(x, in, "HTTPSampler.method", r.method());
        // redirects are not followed: JMeter's GUI leaves both switches out when off, as here
        line(x, in, "  <boolProp name=\"HTTPSampler.use_keepalive\">true</boolProp>");
        line(x, in, "  <boolProp name=\"HTTPSampler.postBodyRaw\">" + !r.body().isEmpty() + "</boolProp>");
        if (r.body().isEmpty()) {
            lines(x, in, """
                      <elementProp name="HTTPsampler.Arguments" elementType="Arguments" guiclass="HTTPArgumentsPanel" \
                    testclass="Arguments" testname="User Defined Variables">
                        <collectionProp name="Arguments.arguments"/>
                    """);
        } else {
            lines(x, in, """
                      <elementProp name="HTTPsampler.Arguments" elementType="Arguments">
                        <collectionProp name="Arguments.arguments">
                          <elementProp name="" elementType="HTTPArgument">
                            <boolProp name="HTTPArgument.always_encode">false</boolProp>
                    """);
            // the body as it is: its line breaks are the body's, not the plan's
            line(
                    x,
                    in,
                    "        <stringProp name=\"Argument.value\">" + Markup.escape(PlanCarrying.vars(r.body()))
                            + "</stringProp>");
            lines(x, in, """
                            <stringProp name="Argument.metadata">=</stringProp>
                          </elementProp>
                        </collectionProp>
                    """);
        }
        line(x, in, "  </elementProp>");
        prop(x, in, "HTTPSampler.implementation", "HttpClient4");
        line(x, in, "</HTTPSamplerProxy>");
    }

    private static void loadlabSampler(StringBuilder x, String in, Recorded r, Map<String, String> headers) {
        line(x, in, PlanElements.opening("dev.loadlab.jmeter.Http2Sampler", "TestBeanGUI", r.name()));
        prop(x, in, "url", base(r) + PlanCarrying.vars(r.pathAndQuery()));
        prop(x, in, "method", r.method());
        prop(
                x,
                in,
                "headers",
                headers.entrySet().stream()
                        .map(h -> h.getKey() + ": " + PlanCarrying.vars(h.getValue()))
                        .collect(Collectors.joining("\n")));
        prop(x, in, "body", PlanCarrying.vars(r.body()));
        prop(x, in, "protocol", "${__P(protocol)}");
        prop(x, in, "timeoutMs", "${__P(jmeter.timeoutMs)}");
        prop(x, in, "trustedCertificate", "${__P(jmeter.trustedCertificate,)}");
        line(x, in, "  <boolProp name=\"cookies\">true</boolProp>"); // where JMeter's GUI saves it
        line(x, in, "</dev.loadlab.jmeter.Http2Sampler>");
    }

    /** The run's URL of the request's target: the build's target's, or a named one's (target.api.url). */
    private static String base(Recorded r) {
        return "${__P(target" + (r.target().isEmpty() ? "" : "." + r.target()) + ".url)}";
    }

    static void prop(StringBuilder x, String in, String name, String value) {
        line(x, in, "  <stringProp name=\"" + name + "\">" + Markup.escape(value) + "</stringProp>");
    }
}
