package dev.loadlab

import scala.concurrent.duration._

import scala.jdk.CollectionConverters._

import dev.loadlab.settings.{OwnDeclared, OwnKnobs, OwnSecrets, Settings}
import io.gatling.core.Predef._
import io.gatling.core.structure.{ChainBuilder, PopulationBuilder}
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/**
 * The base of a simulation of your own (docs/own-scenarios.md): `httpProtocol` already points at the build's target
 * over the wire of the run (its URL, HTTP/1.1 or h2, the target's authentication and trust), the target is checked
 * before any load, and a bad setting stops the run in one line. You write the scenario, its injection profile and its
 * assertions, or let `ownLoad` run a journey with the experiment's own settings; `mvn verify` runs it on every Gatling
 * wire the target speaks, and the report and the gate read it as they read the studies' simulations.
 */
abstract class OwnSimulation extends LoadlabSimulation[Common](Config.common)(c => c) {

  /** The experiment's name: `CheckoutSimulation` is `checkout`, as -Dexperiments names it. */
  protected final val experiment: String = OwnKnobs.experimentOf(getClass.getSimpleName)

  /** Its settings, `<experiment>.users`, `.rampSeconds` and `.durationSeconds`, checked before any load. */
  protected final val own: OwnConfig =
    LoadlabSimulation.orExit(getClass.getSimpleName)(Config.own(Settings.fromSystem(), experiment, common))

  /**
   * A setting the experiment declares in src/test/resources/loadlab/<experiment>.properties (`region=us` is
   * `<experiment>.region`, default us): `-D<experiment>.region=eu` or its default; one not declared stops the run in
   * one line.
   */
  protected def setting(name: String): String =
    LoadlabSimulation.orExit(getClass.getSimpleName)(OwnSimulation.setting(getClass, experiment, name))

  /**
   * What the journey's user types (a login's password, src/test/resources/loadlab/<experiment>.secrets): from the
   * environment, `LOADLAB_<EXPERIMENT>_<NAME>`, never a setting or a file; one not set stops the run in one line.
   */
  protected def secret(name: String): String =
    LoadlabSimulation.orExit(getClass.getSimpleName)(OwnSecrets.value(experiment, name, sys.env.asJava))

  /**
   * The base URL of a named target on this run's wire (target.<name>.url, or its tlsUrl on a TLS wire): a journey's
   * second service, as `http("orders").get(targetUrl("api") + "/v1/orders")`. Every request goes to the target or to
   * one of these; one elsewhere is not sent (docs/own-scenarios.md#where-load-goes).
   */
  protected def targetUrl(name: String): String =
    LoadlabSimulation.orExit(getClass.getSimpleName)(common.targetUrl(name))

  /**
   * One request named `name`, tagged so that the reference server counts it (OwnKnobs.tag) and the report can set
   * Gatling's count of it beside the server's and JMeter's. Redirects are not followed: a recording holds the
   * request that followed one as a request of its own.
   */
  protected def request(name: String, method: String, path: String): HttpRequestBuilder =
    OwnSimulation.request(common.wire, own, name, method, path)

  /**
   * `journey` repeated by each of own.users for own.durationSeconds, the users started over own.rampSeconds; in a
   * replay (-Dreplay=true), once.
   */
  protected def ownLoad(journey: ChainBuilder): PopulationBuilder = {
    val users =
      if (own.replay) scenario(experiment).exec(journey)
      else scenario(experiment).during(own.durationSeconds.seconds)(journey)
    if (own.rampSeconds == 0) users.inject(atOnceUsers(own.users))
    else users.inject(rampUsers(own.users).during(own.rampSeconds.seconds))
  }
}

object OwnSimulation {

  /** A request of an own experiment, as both base classes make it; in a replay, each answer logged (ReplayTap). */
  private[loadlab] def request(wire: String, own: OwnConfig, name: String, method: String, path: String)
      : HttpRequestBuilder = {
    val tagged = http(name)
      .httpRequest(method, path)
      .header(OwnKnobs.TAG_HEADER, OwnKnobs.tag("gatling", wire, own.experiment, name))
      .disableFollowRedirect
    if (own.replay) tagged.transformResponse(ReplayTap(wire, own.experiment, name)) else tagged
  }

  /** A declared setting's value, as both base classes read it (OwnDeclared). */
  private[loadlab] def setting(simulation: Class[_], experiment: String, name: String): String =
    OwnDeclared.value(
      Settings.fromSystem(),
      experiment,
      name,
      OwnDeclared.onClassPath(experiment, simulation.getClassLoader))
}
