#!/usr/bin/env python3
"""The reach check's edits of material no one here wrote, and its sums (scripts/reach-check.sh).

    reach-material.py point PROJECT SITE BUGS COMPUTERS   each piece's hosts set to the stand-ins' loopback ports
    reach-material.py elsewhere PROJECT PORT              a journey of ours that builds a host while it runs
    reach-material.py adapt PROJECT SITE BUGS             each piece adapted as docs/own-scenarios.md says
    reach-material.py counts COUNTS                        the stand-ins' counts so far
    reach-material.py agree OUT SITE BUGS COMPUTERS        each tool's count against the stand-ins'

Every edit replaces one exact piece of text and fails where the material no longer holds it: a new version of a
template or tutorial then shows here, not as a check that passes on nothing.
"""
import json
import os
import sys

WEB = "jmeter/build-web-test-plan.jmx"
ADV = "jmeter/build-adv-web-test-plan.jmx"
COMPUTERS = "src/test/java/computerdatabase/ComputerDatabaseSimulation.java"
BASIC = "src/test/scala/computerdatabase/BasicSimulation.scala"


def edit(project, path, *pairs):
    """Replaces each (old, new, occurrence) in the file, where occurrence counts from 1 among equal pieces."""
    file = os.path.join(project, path)
    text = open(file, encoding="utf-8").read()
    for old, new, nth in pairs:
        at = -1
        for _ in range(nth):
            at = text.find(old, at + 1)
            if at < 0:
                sys.exit("%s: no %d. %r in it" % (path, nth, old))
        text = text[:at] + new + text[at + len(old):]
    open(file, "w", encoding="utf-8").write(text)


def prop(name, value):
    return '<stringProp name="%s">%s</stringProp>' % (name, value)


def point(project, site, bugs, computers):
    # the web plan's HTTP Request Defaults name example.org
    edit(project, WEB,
         (prop("HTTPSampler.domain", "example.org"), prop("HTTPSampler.domain", "127.0.0.1"), 1),
         (prop("HTTPSampler.port", ""), prop("HTTPSampler.port", site), 1))
    # the advanced plan's User Defined Variables host and bugzilla_host; the port of the defaults that read ${host} (the
    # second defaults element, the thread group's) and of the request that reads ${bugzilla_host}, in clear
    edit(project, ADV,
         (prop("Argument.value", "site.example"), prop("Argument.value", "127.0.0.1"), 1),
         (prop("Argument.value", "bz.site.example"), prop("Argument.value", "127.0.0.1"), 1))
    text = open(os.path.join(project, ADV), encoding="utf-8").read()
    defaults = text.count(prop("HTTPSampler.port", ""), 0, text.index(prop("HTTPSampler.domain", "${host}"))) + 1
    bug = text.count(prop("HTTPSampler.port", ""), 0, text.index(prop("HTTPSampler.domain", "${bugzilla_host}"))) + 1
    edit(project, ADV,
         (prop("HTTPSampler.port", ""), prop("HTTPSampler.port", bugs), bug),
         (prop("HTTPSampler.port", ""), prop("HTTPSampler.port", site), defaults),
         (prop("HTTPSampler.protocol", "https"), prop("HTTPSampler.protocol", "http"), 1))
    edit(project, COMPUTERS, ('"https://computer-database.gatling.io"', '"http://127.0.0.1:%s"' % computers, 1))
    edit(project, BASIC, ('"http://computer-database.gatling.io"', '"http://127.0.0.1:%s"' % computers, 1))


def adapt(project, site, bugs):
    # plans: the server, port and protocol from the build's properties, the second host as the target "bugs"; the
    # CSV beside the plan (the build carries what a plan names by a path of its own); the web plan for the experiment's
    # own duration (5 s at smoke), not its minute
    edit(project, WEB,
         (prop("HTTPSampler.domain", "127.0.0.1"), prop("HTTPSampler.domain", "${__P(target.host)}"), 1),
         (prop("HTTPSampler.port", site), prop("HTTPSampler.port", "${__P(target.port)}"), 1),
         (prop("HTTPSampler.protocol", ""), prop("HTTPSampler.protocol", "${__P(target.scheme)}"), 1),
         (prop("ThreadGroup.duration", "60"), prop("ThreadGroup.duration", "${__P(build-web-test-plan.durationSeconds)}"), 1),
         (prop("ThreadGroup.delay", "5"), prop("ThreadGroup.delay", "0"), 1))
    edit(project, ADV,
         (prop("Argument.value", "127.0.0.1"), prop("Argument.value", "${__P(target.host)}"), 1),
         (prop("Argument.value", "127.0.0.1"), prop("Argument.value", "${__P(target.bugs.host)}"), 1),
         (prop("HTTPSampler.port", site), prop("HTTPSampler.port", "${__P(target.port)}"), 1),
         (prop("HTTPSampler.port", bugs), prop("HTTPSampler.port", "${__P(target.bugs.port)}"), 1),
         (prop("HTTPSampler.protocol", "http"), prop("HTTPSampler.protocol", "${__P(target.bugs.scheme)}"), 1),
         (prop("filename", "${resources_folder}/login.csv"), prop("filename", "login.csv"), 1))
    with open(os.path.join(project, "jmeter/login.csv"), "w") as csv:
        csv.write("ann,first\nbob,second\n")
    # simulations: loadlab's base class and its protocol (Gatling 2's baseURL is baseUrl since 3.0, and Scala 2.13
    # wants postfix operators imported)
    edit(project, COMPUTERS,
         ("public class ComputerDatabaseSimulation extends Simulation {",
          "public class ComputerDatabaseSimulation extends dev.loadlab.OwnJavaSimulation {", 1),
         (").protocols(httpProtocol);", ").protocols(httpProtocol());", 1))
    edit(project, BASIC,
         ("class BasicSimulation extends Simulation {", "class BasicSimulation extends dev.loadlab.OwnSimulation {", 1),
         ("setUp(scn.inject(atOnceUsers(1)).protocols(httpConf))",
          "setUp(scn.inject(atOnceUsers(1)).protocols(httpProtocol))", 1),
         (".baseURL(", ".baseUrl(", 1),
         ("import scala.concurrent.duration._", "import scala.concurrent.duration._\nimport scala.language.postfixOps", 1))


ELSEWHERE_SIMULATION = '''package shop

import dev.loadlab.OwnSimulation
import io.gatling.core.Predef._
import io.gatling.http.Predef._

/** A journey that reaches, while it runs, for a host no target is on: a resource, a redirect and a request there. */
class ElsewhereSimulation extends OwnSimulation {
  private val other = setting("other")
  private val journey =
    exec(http("page").get("/page?img=http://" + other + "/tracker.png"))
      .exec(http("away").get("/away?to=http://" + other + "/landed"))
      .exec(http("fed").get("http://" + other + "/fed"))
  setUp(scenario("elsewhere").exec(journey).inject(atOnceUsers(2))).protocols(httpProtocol.inferHtmlResources())
}
'''


def request(name, path, domain="", port="", extra=""):
    return ('        <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="%s" enabled="true">\n'
            '          %s\n          %s\n          %s\n          %s\n%s'
            '        </HTTPSamplerProxy>\n        <hashTree/>\n'
            % (name, prop("HTTPSampler.domain", domain), prop("HTTPSampler.port", port), prop("HTTPSampler.path", path),
               prop("HTTPSampler.method", "GET"), extra))


def elsewhere(project, port):
    os.makedirs(os.path.join(project, "src/test/scala/shop"), exist_ok=True)
    open(os.path.join(project, "src/test/scala/shop/ElsewhereSimulation.scala"), "w").write(ELSEWHERE_SIMULATION)
    open(os.path.join(project, "src/test/resources/loadlab/elsewhere.properties"), "w").write("other=127.0.0.1:1\n")
    open(os.path.join(project, "jmeter/elsewhere-hosts.csv"), "w").write("127.0.0.1,%s\n" % port)
    other = "http://${otherHost}:${otherPort}"
    plan = '''<?xml version="1.0" encoding="UTF-8"?>
<jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
  <hashTree>
    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="elsewhere"/>
    <hashTree>
      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="users">
        <elementProp name="ThreadGroup.main_controller" elementType="LoopController" guiclass="LoopControlPanel" testclass="LoopController" testname="Loop Controller">
          <boolProp name="LoopController.continue_forever">false</boolProp>
          <stringProp name="LoopController.loops">1</stringProp>
        </elementProp>
        <stringProp name="ThreadGroup.num_threads">2</stringProp>
        <stringProp name="ThreadGroup.ramp_time">0</stringProp>
      </ThreadGroup>
      <hashTree>
        <ConfigTestElement guiclass="HttpDefaultsGui" testclass="ConfigTestElement" testname="the target">
          <elementProp name="HTTPsampler.Arguments" elementType="Arguments" guiclass="HTTPArgumentsPanel" testclass="Arguments" testname="User Defined Variables">
            <collectionProp name="Arguments.arguments"/>
          </elementProp>
          <stringProp name="HTTPSampler.domain">${__P(target.host)}</stringProp>
          <stringProp name="HTTPSampler.port">${__P(target.port)}</stringProp>
          <stringProp name="HTTPSampler.protocol">${__P(target.scheme)}</stringProp>
        </ConfigTestElement>
        <hashTree/>
        <CSVDataSet guiclass="TestBeanGUI" testclass="CSVDataSet" testname="hosts">
          <stringProp name="filename">elsewhere-hosts.csv</stringProp>
          <stringProp name="variableNames">otherHost,otherPort</stringProp>
          <stringProp name="delimiter">,</stringProp>
          <boolProp name="recycle">true</boolProp>
          <stringProp name="shareMode">shareMode.all</stringProp>
        </CSVDataSet>
        <hashTree/>
''' + request("page", "/page?img=%s/tracker.png" % other,
              extra='          <boolProp name="HTTPSampler.image_parser">true</boolProp>\n') \
        + request("away", "/away?to=%s/landed" % other,
                  extra='          <boolProp name="HTTPSampler.follow_redirects">true</boolProp>\n') \
        + request("fed", "/fed", domain="${otherHost}", port="${otherPort}") + '''      </hashTree>
    </hashTree>
  </hashTree>
</jmeterTestPlan>
'''
    open(os.path.join(project, "jmeter/elsewhere.jmx"), "w").write(plan)


def sent(counts, port):
    """What a stand-in got from the tools: its requests, the build's probes aside."""
    return counts[port]["requests"] - counts[port]["probes"]


def agree(out, site, bugs, computers):
    before = json.load(open(os.path.join(out, "counts-before.json")))
    after = json.load(open(os.path.join(out, "counts.json")))
    got = {port: sent(after, port) - sent(before, port) for port in (site, bugs, computers)}
    problems = []
    for tool, summary_file, targets in (("jmeter", "jmeter-summary.json", {"target": site, "bugs": bugs}),
                                        ("gatling", "gatling-summary.json", {"target": computers})):
        summary = json.load(open(os.path.join(out, summary_file)))
        counted = {}
        for run in summary["targets"]:
            assert run["tool"] == tool, run
            for target, n in run["requests"].items():
                counted[target] = counted.get(target, 0) + n
        totals = sum(r["samples"] for r in summary["scenarios"]
                     if r["scenario"] in ("all samples", "all requests"))
        for target, port in targets.items():
            print("[loadlab] reach check: %s sent %d requests to %s (stand-in %s got %d)"
                  % (tool, counted.get(target, 0), target, port, got[port]))
            if counted.get(target, 0) != got[port]:
                problems.append("%s counted %d to %s, its stand-in %d" % (tool, counted.get(target, 0), target, got[port]))
        if totals != sum(got[p] for p in targets.values()):
            problems.append("%s's rows hold %d requests, its stand-ins got %d"
                            % (tool, totals, sum(got[p] for p in targets.values())))
    for p in problems:
        print("[loadlab] reach check: " + p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "point":
        point(*args)
    elif command == "elsewhere":
        elsewhere(*args)
    elif command == "adapt":
        adapt(*args)
    elif command == "counts":
        print(json.dumps(json.load(open(args[0]))))
    elif command == "agree":
        sys.exit(agree(*args))
    else:
        sys.exit("unknown command " + command)
