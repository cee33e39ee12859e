package dev.loadlab

import java.time.Duration

import scala.jdk.CollectionConverters._

import dev.loadlab.settings.{OwnKnobs, OwnSecrets, Settings}
import io.gatling.javaapi.core.{ChainBuilder, CoreDsl, PopulationBuilder}
import io.gatling.javaapi.http.{HttpProtocolBuilder, HttpRequestActionBuilder}

/**
 * The base of a simulation of your own in Gatling's Java DSL (src/test/java, docs/own-scenarios.md): OwnSimulation's
 * twin. `httpProtocol()` points at the build's target over the run's wire (URL, HTTP/1.1 or h2, authentication, trust),
 * the target is checked before any load and a bad setting stops the run in one line; `request`, `ownLoad` and
 * `setting` are OwnSimulation's. A subclass that overrides `before()` or `after()` calls `super`'s.
 */
abstract class OwnJavaSimulation extends io.gatling.javaapi.core.Simulation {
  private val simulation = getClass.getSimpleName
  private val common: Common = LoadlabSimulation.startOrExit(simulation, Config.common, (c: Common) => c)
  private val hostGuard = new dev.loadlab.shared.HostGuard(common.reach)
  private val around = new LoadlabSimulation.Around(simulation, common, hostGuard)

  /** The experiment's name: `CheckoutSimulation` is `checkout`, as -Dexperiments names it. */
  final val experiment: String = OwnKnobs.experimentOf(simulation)

  /** Its settings: `own().users()`, `own().rampSeconds()`, `own().durationSeconds()`, checked before any load. */
  final val own: OwnConfig =
    LoadlabSimulation.orExit(simulation)(Config.own(Settings.fromSystem(), experiment, common))

  /** The build's target over this run's wire. */
  final val httpProtocol: HttpProtocolBuilder = new HttpProtocolBuilder(Target.httpProtocol(common, hostGuard))

  /**
   * The base URL of a named target on this run's wire (target.<name>.url, or its tlsUrl on a TLS wire): a journey's
   * second service, as `http("orders").get(targetUrl("api") + "/v1/orders")` (OwnSimulation's).
   */
  protected def targetUrl(name: String): String = LoadlabSimulation.orExit(simulation)(common.targetUrl(name))

  /** A setting the experiment declares in src/test/resources/loadlab/<experiment>.properties (OwnSimulation's). */
  protected def setting(name: String): String =
    LoadlabSimulation.orExit(simulation)(OwnSimulation.setting(getClass, experiment, name))

  /** What the journey's user types, from the environment (OwnSimulation's). */
  protected def secret(name: String): String =
    LoadlabSimulation.orExit(simulation)(OwnSecrets.value(experiment, name, sys.env.asJava))

  /** One request named `name`, tagged for the server's count, redirects not followed (OwnSimulation's). */
  protected def request(name: String, method: String, path: String): HttpRequestActionBuilder =
    new HttpRequestActionBuilder(OwnSimulation.request(common.wire, own, name, method, path))

  /** `journey` repeated by each of own.users for own.durationSeconds, the users started over own.rampSeconds (OwnSimulation's). */
  protected def ownLoad(journey: ChainBuilder): PopulationBuilder = {
    val users =
      if (own.replay) CoreDsl.scenario(experiment).exec(journey)
      else CoreDsl.scenario(experiment).during(Duration.ofSeconds(own.durationSeconds.toLong)).on(journey)
    if (own.rampSeconds == 0) users.injectOpen(CoreDsl.atOnceUsers(own.users))
    else users.injectOpen(CoreDsl.rampUsers(own.users).during(Duration.ofSeconds(own.rampSeconds.toLong)))
  }

  /** Gatling's reading of the simulation, each scenario tapped for the `:stop` limits (LiveStop). */
  override def params(name: String): io.gatling.core.scenario.SimulationParams =
    dev.loadlab.gatling.GatlingInternals.tapped(super.params(name))

  override def before(): Unit = around.beforeLoad()

  override def after(): Unit = around.afterLoad()
}
