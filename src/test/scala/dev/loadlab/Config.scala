package dev.loadlab

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

/** Knobs every simulation shares. `baseUrl` is the one the chosen protocol talks to. */
final case class Common(scale: Scale, protocol: Protocol, baseUrl: String, plainUrl: String,
                        probeTimeoutMs: Int, maxErrorPct: Double, maxP95Ms: Int) {
  def byScale[A](smoke: => A, full: => A): A = if (scale == Scale.Full) full else smoke
}

sealed trait ApiProfile
/** The JMeter thread group: users start evenly over the ramp, each sends its requests, the run is capped. */
final case class Ramp(users: Int, rampSeconds: Int, durationSeconds: Int, requestsPerUser: Int) extends ApiProfile
/** Closed loop as fast as the target answers (wrk semantics); the warm-up is reported apart from the measured window. */
final case class Saturate(users: Int, warmupSeconds: Int, durationSeconds: Int) extends ApiProfile
/** Open model: arrival rate doubled step by step until the error rate of a step passes the limit. */
final case class Stress(ratesPerSec: Seq[Int], stepSeconds: Int, maxErrorPct: Double) extends ApiProfile

final case class ApiConfig(common: Common, profileName: String, profile: ApiProfile)

/** `ab -c concurrency -n requests`. */
final case class AbRun(concurrency: Int, requests: Int) { def label: String = s"ab -c $concurrency -n $requests" }
final case class LatencyConfig(common: Common, cold: Boolean, runs: Seq[AbRun], fooId: Int, barId: Int)

final case class GatewayConfig(common: Common, payloadKb: Int, latenciesMs: Seq[Int], ratesPerSec: Seq[Int], stepSeconds: Int)

sealed abstract class WriteStrategy(val name: String)
object WriteStrategy {
  case object Sequential extends WriteStrategy("sequential")
  case object Batch extends WriteStrategy("batch")
  case object Parallel extends WriteStrategy("parallel")
  case object CustomRest extends WriteStrategy("customRest")
  val all: Seq[WriteStrategy] = Seq(Sequential, Batch, Parallel, CustomRest)
}
final case class ODataConfig(common: Common, strategies: Seq[WriteStrategy], batchSizes: Seq[Int], parallelConnections: Seq[Int],
                             recordCounts: Seq[Int], servicePath: String, bulkPath: String)

/** Every knob: a system property with a default (per scale), a unit in its name and a range. */
object Config {
  val DefaultTargetUrl = "http://127.0.0.1:8080"

  def common(k: Knobs): Common = {
    val scale = k.oneOf("scale", "smoke", Seq("smoke" -> Scale.Smoke, "full" -> Scale.Full))
    val full = scale == Scale.Full
    val protocol = k.oneOf("protocol", "http1", Seq("http1" -> Protocol.Http1, "http2" -> Protocol.Http2))
    val url = k.baseUrl("target.url", DefaultTargetUrl)
    val tlsUrl = k.baseUrl("target.tlsUrl", url)
    val baseUrl = protocol match {
      case Protocol.Http1 => url
      case Protocol.Http2 if tlsUrl.startsWith("https://") => tlsUrl
      case Protocol.Http2 =>
        throw new KnobError(s"-Dtarget.tlsUrl=$tlsUrl is not allowed with -Dprotocol=http2: expected an https:// URL (Gatling speaks HTTP/2 only over TLS with ALPN)")
    }
    Common(scale, protocol, baseUrl, url,
      probeTimeoutMs = k.int("target.probeTimeoutMs", 3000, 100, 60000),
      maxErrorPct = k.double("assert.maxErrorPct", if (full) 1.0 else 5.0, 0.0, 100.0),
      maxP95Ms = k.int("assert.p95Ms", if (full) 1000 else 5000, 1, 3600000))
  }

  def api(k: Knobs): ApiConfig = {
    val c = common(k)
    val name = k.oneOf("profile", "ramp", Seq("ramp", "ramp500", "saturate", "stress").map(n => n -> n))
    def ramp(users: Int, rampSeconds: Int) = Ramp(
      users = k.int("api.users", users, 1, 100000),
      rampSeconds = k.int("api.rampSeconds", rampSeconds, 0, 86400),
      durationSeconds = k.int("api.durationSeconds", c.byScale(6, 60), 1, 86400),
      requestsPerUser = k.int("api.requestsPerUser", 1, 1, 10000000))
    val profile = name match {
      case "ramp" => ramp(100, c.byScale(5, 50))
      case "ramp500" => ramp(500, c.byScale(10, 100))
      case "saturate" => Saturate(
        users = k.int("api.users", 50, 1, 100000),
        warmupSeconds = k.int("api.warmupSeconds", c.byScale(3, 10), 0, 3600),
        durationSeconds = k.int("api.durationSeconds", c.byScale(5, 30), 1, 86400))
      case _ =>
        val start = k.int("stress.startRps", 100, 1, 1000000)
        Stress(doubling(start, k.int("stress.maxRps", c.byScale(800, 25600), start, 1000000)),
          stepSeconds = k.int("stress.stepSeconds", c.byScale(2, 20), 1, 3600),
          maxErrorPct = k.double("stress.maxErrorPct", 10.0, 0.0, 100.0))
    }
    ApiConfig(c, name, profile)
  }

  def latency(k: Knobs): LatencyConfig = {
    val c = common(k)
    val cold = k.oneOf("profile", "keepalive", Seq("keepalive" -> false, "cold" -> true))
    if (cold && c.protocol == Protocol.Http2)
      throw new KnobError("-Dprofile=cold is not allowed with -Dprotocol=http2: expected -Dprotocol=http1 (Gatling cannot close an HTTP/2 connection per request)")
    val runs = k.listOf("latency.runs", "10x1000,1x50", "a comma-separated list of CxN (ab -c C -n N), 1 <= C <= N <= 10000000") { item =>
      item.split('x') match {
        case Array(cc, nn) => for (cv <- cc.toIntOption; nv <- nn.toIntOption if cv >= 1 && cv <= nv && nv <= 10000000) yield AbRun(cv, nv)
        case _ => None
      }
    }
    LatencyConfig(c, cold, runs, k.int("latency.fooId", 2, 0, Int.MaxValue), k.int("latency.barId", 3, 0, Int.MaxValue))
  }

  def gateway(k: Knobs): GatewayConfig = {
    val c = common(k)
    val start = k.int("gateway.startRps", 1, 1, 100000)
    GatewayConfig(c,
      payloadKb = k.int("gateway.payloadKb", 100, 1, 8192),
      latenciesMs = k.ints("gateway.latenciesMs", c.byScale(Seq(100), Seq(100, 5000)), 0, 60000),
      ratesPerSec = doubling(start, k.int("gateway.maxRps", c.byScale(16, 128), start, 100000)),
      stepSeconds = k.int("gateway.stepSeconds", c.byScale(1, 60), 1, 3600))
  }

  def odata(k: Knobs): ODataConfig = {
    val c = common(k)
    ODataConfig(c,
      strategies = k.someOf("odata.strategies", WriteStrategy.all.map(_.name), WriteStrategy.all.map(s => s.name -> s)),
      batchSizes = k.ints("odata.batchSizes", c.byScale(Seq(50), Seq(10, 50, 100, 500, 1000)), 1, 1000),
      parallelConnections = k.ints("odata.parallelConnections", c.byScale(Seq(10), Seq(10, 50, 100, 500)), 1, 1000),
      recordCounts = k.ints("odata.records", c.byScale(Seq(10, 100),
        Seq(5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000)), 1, 1000000),
      servicePath = k.path("odata.servicePath", "/odata/v4/load"),
      bulkPath = k.path("odata.bulkPath", "/rest/records/bulk"))
  }

  /** start, 2*start, 4*start ... and the top rate itself as the last step when doubling jumps over it. */
  def doubling(start: Int, max: Int): Seq[Int] = {
    val powers = Iterator.iterate(start.toLong)(_ * 2).takeWhile(_ <= max).map(_.toInt).toSeq
    if (powers.last == max) powers else powers :+ max
  }
}
