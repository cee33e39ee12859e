package dev.loadlab

import dev.loadlab.studies.latency.LatencyKnobs
import dev.loadlab.studies.odatawrite.WriteKnobs
import dev.loadlab.studies.apigateway.ApiGatewayKnobs
import scala.jdk.CollectionConverters._
import scala.jdk.OptionConverters._

import dev.loadlab.requests.RecordTemplate
import dev.loadlab.studies.calibration.CalibrationKnobs
import dev.loadlab.studies.gatewaycapacity.{GatewayKnobs => GW}
import dev.loadlab.settings.{
  ContractKnobs => K,
  GatlingKnobs => G,
  Injector,
  InjectorKnobs,
  NamedTargets,
  OwnKnobs,
  Setting,
  SettingError,
  Settings,
  TargetKnobs => T,
  Wire
}

/**
 * The simulations' view of the settings catalogue (dev.loadlab.settings): every knob, its default at each scale and
 * its range are defined there once; this only turns them into the simulations' types and checks what spans two knobs.
 */
object Config {
  def common(s: Settings): Common = {
    val scale = if (s.scale == dev.loadlab.settings.Scale.FULL) Scale.Full else Scale.Smoke
    val protocol = if (s.get(T.PROTOCOL) == "http2") Protocol.Http2 else Protocol.Http1
    val url = baseUrl(s, T.URL, "")
    if (url.isEmpty) throw new SettingError(
      s"-D${T.URL.name} is empty: expected the URL of a running target (mvn verify starts one and gives it to each run;" +
        " mvn gatling:test starts one in its JVM); no default host is loaded")
    val tlsUrl = baseUrl(s, T.TLS_URL, url)
    // the build's HTTP/1.1-over-TLS run is told by its wire, so that no -Dtarget.url of the command line can swap its URL
    val tlsWire = s.written("loadlab.wire").toScala.contains("http1-tls")
    val baseUrlOfRun = protocol match {
      case Protocol.Http1 if tlsWire && tlsUrl.startsWith("https://") => tlsUrl
      case Protocol.Http1 if tlsWire =>
        throw new SettingError(
          s"-Dtarget.tlsUrl=$tlsUrl is not allowed on the wire http1-tls: expected an https:// URL")
      case Protocol.Http1 => url
      case Protocol.Http2 if tlsUrl.startsWith("https://") => tlsUrl
      case Protocol.Http2 =>
        throw new SettingError(s"-Dtarget.tlsUrl=$tlsUrl is not allowed with -Dprotocol=http2: expected an https:// URL (Gatling speaks HTTP/2 only over TLS with ALPN)")
    }
    Common(
      scale,
      protocol,
      baseUrlOfRun,
      url,
      probeTimeoutMs = s.integer(T.PROBE_TIMEOUT_MS),
      maxErrorPct = s.decimal(G.MAX_ERROR_PCT),
      maxP95Ms = s.integer(G.P95_MS),
      authorization = dev.loadlab.shared.TargetAuth.header(s).map[Option[String]](Some(_)).orElse(None),
      injector = Injector.of(s),
      startAt = Option(InjectorKnobs.instant(s.get(InjectorKnobs.START_AT))),
      reach = dev.loadlab.settings.Reach.of(s),
      targets = NamedTargets.names(s).asScala.map(name =>
        name -> NamedTargets.urlOn(s, name, baseUrlOfRun.startsWith("https://"))).toMap,
      repeats = s.integer(T.REPEATS)
    )
  }

  /**
   * The one definition of an injector's part of a closed-loop population: `total` users (or connections) split as
   * [[Injector.share]] does, so that the parts add up to the total. A population every injector must take part in
   * (its figures are per user) refuses a total smaller than the number of injectors, before any load.
   */
  def users(c: Common, setting: Setting, total: Int): Int = {
    // every injector refuses alike (not only the ones left without a user), so no injector starts a partial load
    if (total < c.injector.count) throw new SettingError(
      s"-D${setting.name}=$total is not allowed with -D${InjectorKnobs.INJECTOR.name}=${c.injector.index}/${c.injector.count}:" +
        s" expected at least ${c.injector.count} (one user per injector)")
    c.injector.share(total)
  }

  /** The one definition of an injector's part of an open model: the total arrival rate divided by the injectors. */
  def rate(c: Common, totalPerSec: Double): Double = c.injector.rate(totalPerSec)

  def api(s: Settings): ApiConfig = {
    val c = common(s)
    def ramp(users: Setting, rampSeconds: Setting, durationSeconds: Setting) = Ramp(
      this.users(c, users, s.integer(users)),
      s.integer(rampSeconds),
      s.integer(durationSeconds),
      s.integer(ApiGatewayKnobs.REQUESTS_PER_USER))
    def profile(name: String): ApiProfile = name match {
      case "ramp" => ramp(ApiGatewayKnobs.RAMP_USERS, ApiGatewayKnobs.RAMP_SECONDS, ApiGatewayKnobs.RAMP_DURATION)
      case "ramp500" =>
        ramp(ApiGatewayKnobs.RAMP500_USERS, ApiGatewayKnobs.RAMP500_SECONDS, ApiGatewayKnobs.RAMP500_DURATION)
      case _ => Saturate(
          users(c, ApiGatewayKnobs.SATURATE_USERS, s.integer(ApiGatewayKnobs.SATURATE_USERS)),
          s.integer(ApiGatewayKnobs.SATURATE_WARMUP),
          s.integer(ApiGatewayKnobs.SATURATE_DURATION)
        )
    }
    val names = s.get(ApiGatewayKnobs.API_PROFILE) match {
      case "both" => Seq("ramp", "ramp500")
      case one => Seq(one)
    }
    ApiConfig(c, names.map(n => n -> profile(n)), s.get(ApiGatewayKnobs.API_PATH))
  }

  def apiStress(s: Settings): StressConfig = {
    val start = s.integer(ApiGatewayKnobs.STRESS_START_RPS)
    StressConfig(
      common(s),
      doubling(start, atLeast(s, ApiGatewayKnobs.STRESS_MAX_RPS, ApiGatewayKnobs.STRESS_START_RPS, start)),
      stepSeconds = s.integer(ApiGatewayKnobs.STRESS_STEP_SECONDS),
      maxErrorPct = s.decimal(ApiGatewayKnobs.STRESS_MAX_ERROR_PCT),
      path = s.get(ApiGatewayKnobs.API_PATH)
    )
  }

  def latency(s: Settings): LatencyConfig = {
    val c = common(s)
    val variants =
      s.items(LatencyKnobs.LATENCY_VARIANTS).asScala.toSeq.map(name => AbVariant.all.find(_.name == name).get)
    if (c.protocol == Protocol.Http2 && variants == Seq(AbVariant.Plain))
      throw new SettingError("-Dlatency.variants=plain is not allowed with -Dprotocol=http2: expected keepalive among them (plain ab opens a new HTTP/1.1 connection per request; HTTP/2 has no such thing)")
    val runs = s.items(LatencyKnobs.LATENCY_RUNS).asScala.toSeq.map { item =>
      val Array(cc, nn) = item.split('x')
      AbRun(cc.toInt, nn.toInt)
    }
    val coldUrl = s.written(T.COLD_URL_PREFIX + c.wire).toScala
    val fooId = s.integer(LatencyKnobs.FOO_ID)
    val barId = s.integer(LatencyKnobs.BAR_ID)
    LatencyConfig(
      c,
      variants,
      runs,
      path = s.get(LatencyKnobs.LATENCY_PATH).replace("{fooId}", fooId.toString).replace("{barId}", barId.toString),
      idType = IdType.all.find(_.name == s.get(LatencyKnobs.ID_TYPE)).get,
      fooId,
      barId,
      warmupRequests = s.integer(LatencyKnobs.LATENCY_WARMUP_REQUESTS),
      coldRun = s.bool(LatencyKnobs.LATENCY_COLD_RUN),
      coldUrl = coldUrl,
      // a target of yours is not restarted per wire: the wires Gatling ran before this one have loaded its route
      warmedBy =
        if (coldUrl.isDefined) Nil
        else s.written(Wire.GATLING_RUNS).toScala.toSeq.flatMap(_.split(',')).takeWhile(_ != c.wire)
    )
  }

  def calibration(s: Settings): CalibrationConfig = {
    val c = common(s)
    CalibrationConfig(
      c,
      s.get(CalibrationKnobs.PATH),
      users(c, CalibrationKnobs.USERS, s.integer(CalibrationKnobs.USERS)),
      s.integer(CalibrationKnobs.WARMUP_SECONDS),
      s.integer(CalibrationKnobs.WINDOW_SECONDS),
      s.integer(CalibrationKnobs.LATENCY_MS),
      c.wire
    )
  }

  /** Your own experiment's settings (e.g. checkout.users), read and checked as the catalogue's own. */
  def own(s: Settings, experiment: String, c: Common): OwnConfig = {
    val users = OwnKnobs.users(experiment)
    OwnConfig(
      experiment,
      this.users(c, users, s.integer(users)),
      s.integer(OwnKnobs.rampSeconds(experiment)),
      s.integer(OwnKnobs.durationSeconds(experiment)),
      s.bool(K.REPLAY)
    )
  }

  def gateway(s: Settings): GatewayConfig = {
    val c = common(s)
    val start = s.integer(GW.GATEWAY_START_RPS)
    GatewayConfig(
      c,
      dev.loadlab.studies.gatewaycapacity.GatewayRequest.from(s),
      payloadKb = s.integer(GW.PAYLOAD_KB),
      latenciesMs = ints(s, GW.LATENCIES_MS),
      ratesPerSec = doubling(start, atLeast(s, GW.GATEWAY_MAX_RPS, GW.GATEWAY_START_RPS, start)),
      stepSeconds = s.integer(GW.GATEWAY_STEP_SECONDS),
      coolDownSeconds = s.integer(GW.GATEWAY_COOL_DOWN_SECONDS),
      resolutionRps = s.integer(GW.GATEWAY_RESOLUTION_RPS),
      criteria = GW.criteria(s),
      subgraphUrl = Option(s.get(GW.SUBGRAPH_URL)).filter(_.nonEmpty)
    )
  }

  def odata(s: Settings): ODataConfig = {
    val c = common(s)
    // A write run is one client's sequence (or one set of connections) timed by its wall clock and checked against
    // the table's count: a share of it on each injector would measure neither. The first injector runs it whole.
    if (c.injector.index > 1) throw SettingError.notAllowed(
      InjectorKnobs.INJECTOR.name,
      c.injector.index + "/" + c.injector.count,
      s"1/${c.injector.count} for ODataWriteSimulation (a write run is timed whole on one injector; the first runs it)"
    )
    val chosen = s.items(WriteKnobs.STRATEGIES).asScala.toSeq
    ODataConfig(
      c,
      strategies = chosen.map(name => WriteStrategy.all.find(_.name == name).get),
      batchSizes = ints(s, WriteKnobs.BATCH_SIZES),
      parallelConnections = ints(s, WriteKnobs.PARALLEL_CONNECTIONS),
      recordCounts = ints(s, WriteKnobs.RECORDS),
      batchAtomic = s.bool(WriteKnobs.BATCH_ATOMIC),
      verifyCount = s.bool(WriteKnobs.VERIFY_COUNT),
      contract = ODataContract(
        servicePath = s.get(K.SERVICE_PATH).stripSuffix("/"),
        entitySet = s.get(K.ENTITY_SET),
        key = s.get(K.KEY),
        recordTemplate = s.get(WriteKnobs.RECORD_TEMPLATE),
        bulkPath = s.get(K.BULK_PATH).stripSuffix("/"),
        bulkShape = s.get(WriteKnobs.BULK_SHAPE)
      ),
      // Read and checked with the other knobs: a bad template is one line before any load.
      template = RecordTemplate.load(s.get(WriteKnobs.RECORD_TEMPLATE))
    )
  }

  /** start, 2*start, 4*start ... and the top rate itself as the last step when doubling jumps over it. */
  def doubling(start: Int, max: Int): Seq[Int] = {
    val powers = Iterator.iterate(start.toLong)(_ * 2).takeWhile(_ <= max).map(_.toInt).toSeq
    if (powers.last == max) powers else powers :+ max
  }

  private def ints(s: Settings, setting: Setting): Seq[Int] = s.integers(setting).asScala.toSeq.map(_.intValue)

  /** A top rate that must not be below its start rate: the one rule the catalogue cannot state per knob. */
  private def atLeast(s: Settings, top: Setting, bottom: Setting, min: Int): Int = {
    val value = s.integer(top)
    if (value < min) throw new SettingError(
      s"-D${top.name}=$value is not allowed: expected an integer of at least ${bottom.name} ($min)")
    value
  }

  /** The base URL without a trailing slash; an unresolved ${...} means a build property that was never filled in. */
  private def baseUrl(s: Settings, setting: Setting, fallback: String): String = {
    if (s.isGiven(setting) && s.raw(setting).contains("${"))
      throw SettingError.notAllowed(
        setting.name,
        s.raw(setting),
        "the URL of a running target, e.g. http://127.0.0.1:8080 (the embedded server runs only within mvn verify)")
    val value = s.get(setting)
    (if (value.isEmpty) fallback else value).stripSuffix("/")
  }
}
