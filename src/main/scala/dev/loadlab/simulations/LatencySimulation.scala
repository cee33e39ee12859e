package dev.loadlab.simulations

import dev.loadlab._
import dev.loadlab.chains.LatencyChains
import dev.loadlab.shared.Repeats
import io.gatling.core.Predef._

/**
 * The ApacheBench study: first, with latency.coldRun, the first `ab -c C -n N` once before anything has warmed this
 * JVM or the server (the study's cold Test 1, labelled "(no warm-up)"; on the embedded target against a server process
 * of its own that nothing has loaded, see dev.loadlab.studies.latency.LatencyStudy#companions); then after a keep-alive warm-up, each variant
 * (plain ab, then ab -k) runs each `ab -c C -n N` of latency.runs in turn, closed model, on latency.path. Plain ab is
 * HTTP/1.1 only: an http2 run says so in one line and runs keep-alive alone.
 *
 * On several injectors each runs its share of every ab run (AbRun.share): `-c C` split like users, `-n N` among the
 * injectors that got a user, under the whole run's name so that the logs merge into one ab run. `ab -c 1` is one
 * user's sequence and cannot be shared: the first injector runs it whole, the others leave it out. The warm-up is not
 * shared: it warms each injector's own JVM.
 */
class LatencySimulation extends LoadlabSimulation(Config.latency)(_.common) {

  if (config.variantsOfRun != config.variants)
    println(s"loadlab: LatencySimulation over ${common.protocol.name} leaves out plain ab (a new HTTP/1.1 connection per request has no HTTP/2 counterpart); running ab -k only")

  // each ab run N times in a row (-Drepeats), as a shell loop around ab would and as JMeter's plan and ab itself do,
  // named by its repeat from the second on
  private val runs = for {
    variant <- config.variantsOfRun
    run <- config.runs
    share <- run.share(common.injector).toSeq
    repeat <- 1 to common.repeats
  } yield scenario(run.label(variant) + Repeats.suffix(repeat))
    .exec(LatencyChains.ab(share, variant, config))
    .inject(atOnceUsers(share.concurrency))

  // Test 1: the first run with the first variant, before the warm-up (its share on several injectors, like the others),
  // against this wire's cold target where the build started one: a server process no request has warmed
  private val coldProtocol =
    config.coldUrl.fold(httpProtocol)(url => Target.httpProtocol(common.copy(baseUrl = url), hostGuard))
  private val cold = for {
    variant <- config.variantsOfRun.headOption.toSeq if config.coldRun
    run <- config.runs.headOption.toSeq
    share <- run.share(common.injector).toSeq
  } yield scenario(run.label(variant) + config.coldLabel)
    .exec(LatencyChains.ab(share, variant, config))
    .inject(atOnceUsers(share.concurrency))
    .protocols(coldProtocol)

  for (url <- config.coldUrl if cold.nonEmpty)
    println(s"loadlab: LatencySimulation's cold run goes to a reference server nothing has loaded yet: $url")
  if (cold.nonEmpty && config.warmedBy.nonEmpty)
    println(
      s"loadlab: LatencySimulation's cold run on ${common.wire} is warm: Gatling loaded the target on ${config.warmedBy.mkString(", ")} first, and a target of yours is not restarted per wire (docs/studies.md)")

  // the JIT of both JVMs and the server's pools warmed up first, outside every measured run (latency.warmupRequests)
  private val warmUp = Option.when(config.warmupRequests > 0)(scenario("warm-up")
    .exec(LatencyChains.warmUp(config.warmupRequests, config))
    .inject(atOnceUsers(math.min(config.runs.head.concurrency, config.warmupRequests))))

  if (runs.isEmpty)
    println(
      s"loadlab: LatencySimulation on ${common.injector.description}: no ab run has a user left for this injector")

  setUp((cold ++ warmUp.toSeq ++ runs).reduceRight((run, next) => run.andThen(next)))
    .protocols(httpProtocol)
    .assertions(
      global.failedRequests.percent.lte(common.maxErrorPct),
      global.responseTime.percentile(95).lte(common.maxP95Ms))
}
