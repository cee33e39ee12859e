package dev.loadlab

import scala.jdk.CollectionConverters._

import dev.loadlab.chains.WriteRun
import dev.loadlab.settings.{SettingError, Settings}
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.function.Executable

class ConfigTest {

  /** A run of the build always has a target: the build wrote its URL (or mvn gatling:test started one). */
  private def knobs(values: (String, String)*) =
    Settings.of((Map("target.url" -> "http://127.0.0.1:8080") ++ values.toMap).asJava)

  private def rejection(read: => Any): String =
    assertThrows(classOf[SettingError], new Executable { def execute(): Unit = read }).getMessage

  @Test def defaultsToASmokeRunOverHttp1(): Unit = {
    val c = Config.common(knobs())
    assertEquals(Scale.Smoke, c.scale)
    assertEquals(Protocol.Http1, c.protocol)
    assertEquals("http://127.0.0.1:8080", c.baseUrl)
  }

  @Test def anEmptyTargetIsNoDefaultHostButOneLine(): Unit =
    assertTrue(
      rejection(Config.common(Settings.of(Map("target.url" -> "").asJava))).startsWith("-Dtarget.url is empty:"))

  @Test def theReachHoldsTheTargetAndEachNamedTargetOnTheRunsWire(): Unit = {
    val c = Config.common(knobs(
      "protocol" -> "http2",
      "target.tlsUrl" -> "https://127.0.0.1:8443",
      "target.api.url" -> "http://127.0.0.1:9000",
      "target.api.tlsUrl" -> "https://127.0.0.1:9443/v1/"
    ))
    assertEquals("https://127.0.0.1:9443/v1", c.targetUrl("api"))
    assertEquals(Some("api"), Option(c.reach.targetOf("127.0.0.1:9000").orElse(null)))
    assertEquals(Some("target"), Option(c.reach.targetOf("127.0.0.1:8443").orElse(null)))
    assertFalse(c.reach.allows("127.0.0.1:9999"))
    assertTrue(rejection(c.targetUrl("login")).startsWith("target login is not given: expected -Dtarget.login.url="))
  }

  @Test def apiRampProfilesUseTheStudysUsersAndDurationsAtFullScale(): Unit = {
    assertEquals(
      Seq("ramp" -> Ramp(100, 50, 60, 1), "ramp500" -> Ramp(500, 100, 60, 1)),
      Config.api(knobs("scale" -> "full")).profiles)
    assertEquals(Ramp(500, 100, 60, 1), Config.api(knobs("scale" -> "full", "api.profile" -> "ramp500")).profile)
    assertEquals(Seq("ramp"), Config.api(knobs("api.profile" -> "ramp")).profiles.map(_._1))
  }

  @Test def http2TalksToTheTlsUrlWithoutItsTrailingSlash(): Unit = {
    val c = Config.common(knobs(
      "protocol" -> "http2",
      "target.url" -> "http://127.0.0.1:1",
      "target.tlsUrl" -> "https://127.0.0.1:2/"))
    assertEquals("https://127.0.0.1:2", c.baseUrl)
    assertEquals("http://127.0.0.1:1", c.plainUrl)
  }

  @Test def rejectsAnUnknownProtocolInOneLineNamingThePropertyAndItsValues(): Unit =
    assertEquals(
      "-Dprotocol=http3 is not allowed: expected one of http1|http2",
      rejection(Config.common(knobs("protocol" -> "http3"))))

  @Test def rejectsAnUnknownProfileOfTheSimulation(): Unit =
    assertEquals(
      "-Dapi.profile=soak is not allowed: expected one of both|ramp|ramp500|saturate",
      rejection(Config.api(knobs("api.profile" -> "soak"))))

  @Test def rejectsANumberOutsideItsRangeNamingTheRange(): Unit =
    assertEquals(
      "-Dapi.ramp.users=0 is not allowed: expected an integer in [1, 100000]",
      rejection(Config.api(knobs("api.ramp.users" -> "0"))))

  @Test def rejectsANumberThatIsNotANumber(): Unit =
    assertTrue(rejection(
      Config.common(knobs("assert.maxErrorPct" -> "five"))).startsWith("-Dassert.maxErrorPct=five is not allowed"))

  @Test def rejectsHttp2WithoutAnHttpsTlsUrl(): Unit =
    assertTrue(rejection(Config.common(knobs(
      "protocol" -> "http2",
      "target.url" -> "http://127.0.0.1:1"))).contains("expected an https:// URL"))

  @Test def rejectsATargetThatIsNotAnHttpUrl(): Unit =
    assertTrue(rejection(
      Config.common(knobs("target.url" -> "127.0.0.1:8080"))).startsWith("-Dtarget.url=127.0.0.1:8080 is not allowed"))

  @Test def explainsAnUnresolvedEmbeddedTargetUrl(): Unit =
    assertTrue(rejection(Config.common(knobs("target.url" -> "http://127.0.0.1:${loadlab.httpPort}"))).contains(
      "the embedded server runs only within mvn verify"))

  @Test def runsPlainAbThenAbWithKeepAliveByDefault(): Unit =
    assertEquals(Seq(AbVariant.Plain, AbVariant.KeepAlive), Config.latency(knobs()).variantsOfRun)

  @Test def leavesPlainAbOutOfAnHttp2Run(): Unit =
    assertEquals(
      Seq(AbVariant.KeepAlive),
      Config.latency(knobs("protocol" -> "http2", "target.tlsUrl" -> "https://h:1")).variantsOfRun)

  @Test def refusesAnHttp2RunOfPlainAbAlone(): Unit =
    assertTrue(rejection(Config.latency(knobs(
      "latency.variants" -> "plain",
      "protocol" -> "http2",
      "target.tlsUrl" -> "https://h:1"))).startsWith("-Dlatency.variants=plain is not allowed with -Dprotocol=http2"))

  @Test def labelsEachRunAsTheAbCommandLineItReproduces(): Unit = {
    assertEquals("ab -c 10 -n 1000", AbRun(10, 1000).label(AbVariant.Plain))
    assertEquals("ab -k -c 10 -n 1000", AbRun(10, 1000).label(AbVariant.KeepAlive))
  }

  @Test def fillsTheLatencyPathTemplateWithTheIdsAndChecksStringIdsByDefault(): Unit = {
    assertEquals("/foo/2/bar/3", Config.latency(knobs()).path)
    val c =
      Config.latency(knobs("latency.path" -> "/v1/{barId}/of/{fooId}", "latency.fooId" -> "7", "latency.barId" -> "9"))
    assertEquals("/v1/9/of/7", c.path)
    assertEquals(IdType.Text, c.idType)
  }

  @Test def marksTheColdRunWarmOnATargetOfYoursWhereGatlingRanAnEarlierWireFirst(): Unit = {
    val h2 = Seq("protocol" -> "http2", "target.tlsUrl" -> "https://h:1", "loadlab.gatlingWires" -> "http1-tls,h2")
    assertEquals(" (no warm-up; warm: http1-tls ran first)", Config.latency(knobs(h2: _*)).coldLabel)
    // the build's own cold target per wire: cold whatever ran before
    assertEquals(" (no warm-up)", Config.latency(knobs(h2 :+ ("target.coldUrl.h2" -> "https://h:2"): _*)).coldLabel)
    val first =
      Seq("loadlab.wire" -> "http1-tls", "target.tlsUrl" -> "https://h:1", "loadlab.gatlingWires" -> "http1-tls,h2")
    assertEquals(" (no warm-up)", Config.latency(knobs(first: _*)).coldLabel)
  }

  @Test def readsAbRunsAsConcurrencyTimesRequests(): Unit =
    assertEquals(Seq(AbRun(10, 1000), AbRun(1, 50)), Config.latency(knobs()).runs)

  @Test def refusesAnAbRunWithMoreUsersThanRequests(): Unit =
    assertTrue(
      rejection(Config.latency(knobs("latency.runs" -> "10x5"))).startsWith("-Dlatency.runs=10x5 is not allowed"))

  @Test def stepsDoubleFromTheStartRateAndEndAtTheTopRate(): Unit = {
    assertEquals(Seq(1, 2, 4, 8, 16, 32, 64, 128), Config.gateway(knobs("scale" -> "full")).ratesPerSec)
    assertEquals(Seq(100, 200, 300), Config.doubling(100, 300))
  }

  @Test def gatewayRunsBothSyntheticLatenciesAtFullScale(): Unit =
    assertEquals(Seq(100, 5000), Config.gateway(knobs("scale" -> "full")).latenciesMs)

  @Test def odataRunsEveryStrategyForEveryWidthAndRecordCount(): Unit = {
    val runs = WriteRun.all(Config.odata(knobs("odata.records" -> "5,20000", "scale" -> "full")))
    assertEquals(2 * (1 + 5 + 4 + 1), runs.size)
    assertEquals(
      "batch-1000 records=20000",
      runs.find(r => r.strategy == WriteStrategy.Batch && r.width == 1000 && r.records == 20000).get.label)
    assertEquals(5, runs.find(r => r.strategy == WriteStrategy.Parallel && r.width == 500 && r.records == 5).get.users)
  }

  @Test def rejectsAnUnknownWriteStrategyListingTheKnownOnes(): Unit =
    assertEquals(
      "-Dodata.strategies=sequential,bulk is not allowed: expected a comma-separated list of sequential|batch|parallel|customRest",
      rejection(Config.odata(knobs("odata.strategies" -> "sequential,bulk")))
    )

  // several injectors: each takes its share, and the shares add up to the whole load

  @Test def splitsTheRampUsersSoThatTheInjectorsSharesAddUpToTheTotal(): Unit = {
    val shares = (1 to 3).map(i => Config.api(knobs("injector" -> s"$i/3", "scale" -> "full")).profile)
    assertEquals(Seq(Ramp(34, 50, 60, 1), Ramp(33, 50, 60, 1), Ramp(33, 50, 60, 1)), shares)
  }

  @Test def splitsTheClosedLoopsConcurrencyLikeUsers(): Unit = {
    val saturate = (1 to 4).map(i => Config.api(knobs("injector" -> s"$i/4", "api.profile" -> "saturate")).profile)
    assertEquals(50, saturate.collect { case s: Saturate => s.users }.sum)
    assertEquals(Seq(3, 3, 2, 2), (1 to 4).map(i => Config.calibration(knobs("injector" -> s"$i/4")).users))
  }

  @Test def refusesFewerUsersThanInjectorsInOneLineNamingBothSettings(): Unit =
    assertEquals(
      "-Dcalibration.users=2 is not allowed with -Dinjector=1/3: expected at least 3 (one user per injector)",
      rejection(Config.calibration(knobs("injector" -> "1/3", "calibration.users" -> "2")))
    )

  @Test def dividesEveryArrivalRateByTheNumberOfInjectors(): Unit = {
    val c = Config.common(knobs("injector" -> "2/4"))
    assertEquals(25.0, Config.rate(c, 100), 1e-9)
    assertEquals(0.25, Config.rate(c, 1), 1e-9)
  }

  @Test def sharesEachAbRunUsersAndRequestsAndRunsAOneUserSequenceWholeOnTheFirstInjector(): Unit = {
    val two = (1 to 2).map(i => new dev.loadlab.settings.Injector(i, 2))
    assertEquals(Seq(Some(AbRun(5, 500)), Some(AbRun(5, 500))), two.map(AbRun(10, 1000).share))
    assertEquals(Seq(Some(AbRun(1, 50)), None), two.map(AbRun(1, 50).share))
    val three = (1 to 3).map(i => new dev.loadlab.settings.Injector(i, 3))
    assertEquals(1001, three.flatMap(AbRun(10, 1001).share).map(_.requests).sum)
  }

  @Test def runsTheWriteExperimentWholeOnTheFirstInjectorOnly(): Unit = {
    assertEquals(Config.odata(knobs()).strategies, Config.odata(knobs("injector" -> "1/2")).strategies)
    assertTrue(rejection(Config.odata(knobs("injector" -> "2/2"))).startsWith("-Dinjector=2/2 is not allowed"))
  }

  @Test def readsTheInjectorsCommonStartAndRefusesAnythingButAnInstant(): Unit = {
    val at = java.time.Instant.parse("2026-11-23T10:15:00Z")
    assertEquals(Some(at), Config.common(knobs("injector.startAt" -> "2026-11-23T10:15:00Z")).startAt)
    assertEquals(None, Config.common(knobs()).startAt)
    assertEquals(
      "-Dinjector.startAt=10:15 is not allowed: expected an instant in UTC like 2026-11-23T10:15:00Z, or empty",
      rejection(Config.common(knobs("injector.startAt" -> "10:15")))
    )
  }
}
