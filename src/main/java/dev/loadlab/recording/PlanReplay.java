package dev.loadlab.recording;

/**
 * What a recorded plan carries for the replay check (-Dreplay=true, docs/own-scenarios.md), idle in every other run:
 * loadlab's Replay Log, which notes each sample's status and what was sent, and a one-pass switch at the journey's end
 * that stops the user once it has gone through the journey (JMeter's Runtime Controller would repeat it).
 */
final class PlanReplay {
    private PlanReplay() {}

    /** Beside the thread group's config elements: every sample of the journey is in its scope. */
    static final String LOG = """
                    <dev.loadlab.jmeter.ReplayListener guiclass="TestBeanGUI" testclass="dev.loadlab.jmeter.ReplayListener" testname="replay log" enabled="true">
                      <stringProp name="TestPlan.comments">In a replay (mvn verify -Dreplay=true) notes each request&apos;s status and what was sent, secrets masked, for the replay check; idle otherwise.</stringProp>
                    </dev.loadlab.jmeter.ReplayListener>
                    <hashTree/>
            """;

    /** The last child of the journey's Runtime Controller. */
    static final String ONE_PASS = """
                      <IfController guiclass="IfControllerPanel" testclass="IfController" testname="one pass (replay)" enabled="true">
                        <stringProp name="TestPlan.comments">In a replay (mvn verify -Dreplay=true) the user stops after one pass of the journey.</stringProp>
                        <stringProp name="IfController.condition">${__P(replay,false)}</stringProp>
                        <boolProp name="IfController.evaluateAll">false</boolProp>
                        <boolProp name="IfController.useExpression">true</boolProp>
                      </IfController>
                      <hashTree>
                        <TestAction guiclass="TestActionGui" testclass="TestAction" testname="stop this user" enabled="true">
                          <intProp name="ActionProcessor.action">0</intProp>
                          <intProp name="ActionProcessor.target">0</intProp>
                          <stringProp name="ActionProcessor.duration">0</stringProp>
                        </TestAction>
                        <hashTree/>
                      </hashTree>
            """;
}
