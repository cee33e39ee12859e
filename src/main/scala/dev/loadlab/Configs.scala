package dev.loadlab

import dev.loadlab.requests.RecordTemplate
import dev.loadlab.settings.Injector
import dev.loadlab.studies.calibration.CalibrationKnobs

/* The typed configuration each simulation reads; Config builds these from the settings catalogue. */

/** smoke: seconds per simulation, for CI; full: the studies' own users, durations and record counts (-Pfull). */
sealed abstract class Scale(val name: String)
object Scale {
  case object Smoke extends Scale("smoke")
  case object Full extends Scale("full")
}

/** http1: HTTP/1.1 on target.url; http2: h2 over TLS with ALPN on target.tlsUrl (Gatling has no h2c). */
sealed abstract class Protocol(val name: String)
object Protocol {
  case object Http1 extends Protocol("http1")
  case object Http2 extends Protocol("http2")
}

/**
 * Knobs every simulation shares. `baseUrl` is the one the chosen protocol talks to; `injector` is which of several
 * injectors this run is (1/1: the whole load), and every injection profile takes its share through it (Config).
 */
final case class Common(
    scale: Scale,
    protocol: Protocol,
    baseUrl: String,
    plainUrl: String,
    probeTimeoutMs: Int,
    maxErrorPct: Double,
    maxP95Ms: Int,
    authorization: Option[String],
    injector: Injector = Injector.ALONE,
    startAt: Option[java.time.Instant] = None,
    reach: dev.loadlab.settings.Reach = new dev.loadlab.settings.Reach(java.util.Map.of()),
    targets: Map[String, String] = Map.empty,
    repeats: Int = 1) {
  def byScale[A](smoke: => A, full: => A): A = if (scale == Scale.Full) full else smoke

  /**
   * The base URL of a named target (target.<name>.url, its tlsUrl on a TLS wire): a journey's second service. One that
   * no setting gives stops the run in one line (the build's first step refuses it before any load already).
   */
  def targetUrl(name: String): String = targets.getOrElse(
    name,
    throw new dev.loadlab.settings.SettingError(
      s"target $name is not given: expected -Dtarget.$name.url=<its base URL> (docs/own-scenarios.md#where-load-goes)")
  )

  /** This run's wire, as dev.loadlab.settings.Wire names it: Gatling speaks h2 only over TLS. */
  def wire: String = protocol match {
    case Protocol.Http2 => "h2"
    case Protocol.Http1 if baseUrl.startsWith("https://") => "http1-tls"
    case Protocol.Http1 => "http1"
  }
}

/** An own experiment's load (dev.loadlab.settings.OwnKnobs): this injector's users, their ramp, the journey's time; replay: one pass (-Dreplay). */
final case class OwnConfig(experiment: String, users: Int, rampSeconds: Int, durationSeconds: Int, replay: Boolean)

sealed trait ApiProfile

/** The JMeter thread group: users start evenly over the ramp, each sends its requests, the run is capped. */
final case class Ramp(users: Int, rampSeconds: Int, durationSeconds: Int, requestsPerUser: Int) extends ApiProfile

/** Closed loop as fast as the target answers (wrk semantics); the warm-up is reported apart from the measured window. */
final case class Saturate(users: Int, warmupSeconds: Int, durationSeconds: Int) extends ApiProfile

/** The profiles to run one after the other, each by its name (the scenario's): both ramps, or one profile. */
final case class ApiConfig(common: Common, profiles: Seq[(String, ApiProfile)], path: String) {
  def profile: ApiProfile = profiles.head._2
}

/** The study's stress test as an open model: the arrival rate doubled step by step until a step's errors pass the limit. */
final case class StressConfig(
    common: Common,
    ratesPerSec: Seq[Int],
    stepSeconds: Int,
    maxErrorPct: Double,
    path: String)

/** ab's two ways to reach the target: plain ab opens a new connection per request; ab -k keeps them. */
sealed abstract class AbVariant(val name: String, val flag: String)
object AbVariant {
  case object Plain extends AbVariant("plain", "")
  case object KeepAlive extends AbVariant("keepalive", " -k")
  val all: Seq[AbVariant] = Seq(Plain, KeepAlive)
}

/** `ab -c concurrency -n requests`, with or without -k. */
final case class AbRun(concurrency: Int, requests: Int) {
  def label(variant: AbVariant): String = s"ab${variant.flag} -c $concurrency -n $requests"

  /**
   * This injector's part of the run, None when it has no user in it: the users split like any concurrency, and the
   * requests among the injectors that have a user (ab -c 1 is one user's sequence: the first injector runs it whole).
   * The label stays the whole run's, so that the injectors' logs merge into one ab run.
   */
  def share(injector: Injector): Option[AbRun] = {
    val users = injector.share(concurrency)
    Option.when(users > 0)(AbRun(users, injector.share(requests, concurrency)))
  }
}

/** How the answer carries foo_id and bar_id (latency.idType). */
sealed abstract class IdType(val name: String)
object IdType {
  case object Text extends IdType("string")
  case object Number extends IdType("number")
  case object Unchecked extends IdType("none")
  val all: Seq[IdType] = Seq(Text, Number, Unchecked)
}

/**
 * The ab experiment: `variants` as asked for; `path` is latency.path with its ids filled in. Plain ab is HTTP/1.1
 * only (HTTP/2 has no connection per request), so an http2 run keeps only the keep-alive variant. `coldUrl` is this
 * wire's cold target (dev.loadlab.studies.latency.LatencyStudy#companions), where the build started one for the cold run;
 * without one (a target of yours), `warmedBy` names the wires Gatling ran on before this one, which warmed the target.
 */
final case class LatencyConfig(
    common: Common,
    variants: Seq[AbVariant],
    runs: Seq[AbRun],
    path: String,
    idType: IdType,
    fooId: Int,
    barId: Int,
    warmupRequests: Int,
    coldRun: Boolean = false,
    coldUrl: Option[String] = None,
    warmedBy: Seq[String] = Nil) {
  def variantsOfRun: Seq[AbVariant] =
    if (common.protocol == Protocol.Http2) variants.filterNot(_ == AbVariant.Plain) else variants

  /** The cold run's label after its ab run's: no warm-up of its own, and said to be warm where an earlier wire was. */
  def coldLabel: String =
    if (warmedBy.isEmpty) " (no warm-up)" else s" (no warm-up; warm: ${warmedBy.mkString(", ")} ran first)"
}

/**
 * The calibration experiment: `users` in a closed loop with keep-alive on `path`, per route a warm-up and then the
 * measured window; the held route asks the server to hold each answer `latencyMs`. `wire` names this run's wire as
 * every tool's results folder does (http1, http1-tls, h2), for the tags the server counts.
 */
final case class CalibrationConfig(
    common: Common,
    path: String,
    users: Int,
    warmupSeconds: Int,
    windowSeconds: Int,
    latencyMs: Int,
    wire: String) {
  def latencyOf(route: String): Int = if (route == CalibrationKnobs.HELD) latencyMs else 0
}

final case class GatewayConfig(
    common: Common,
    request: dev.loadlab.studies.gatewaycapacity.GatewayRequest,
    payloadKb: Int,
    latenciesMs: Seq[Int],
    ratesPerSec: Seq[Int],
    stepSeconds: Int,
    coolDownSeconds: Int,
    resolutionRps: Int,
    criteria: dev.loadlab.shared.CapacitySearch.Criteria,
    subgraphUrl: Option[String])

sealed abstract class WriteStrategy(val name: String)
object WriteStrategy {
  case object Sequential extends WriteStrategy("sequential")
  case object Batch extends WriteStrategy("batch")
  case object Parallel extends WriteStrategy("parallel")
  case object CustomRest extends WriteStrategy("customRest")
  val all: Seq[WriteStrategy] = Seq(Sequential, Batch, Parallel, CustomRest)
}
final case class ODataConfig(
    common: Common,
    strategies: Seq[WriteStrategy],
    batchSizes: Seq[Int],
    parallelConnections: Seq[Int],
    recordCounts: Seq[Int],
    batchAtomic: Boolean,
    verifyCount: Boolean,
    contract: ODataContract,
    template: RecordTemplate)

/** What the write experiment needs of the OData service: its paths, entity set, key, record and bulk shape. */
final case class ODataContract(
    servicePath: String,
    entitySet: String,
    key: String,
    recordTemplate: String,
    bulkPath: String,
    bulkShape: String)
