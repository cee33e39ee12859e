package dev.loadlab.simulations

import dev.loadlab._
import dev.loadlab.chains.LatencyChains
import io.gatling.core.Predef._

/**
 * The ApacheBench study: after a keep-alive warm-up, each variant (plain ab, then ab -k) runs each `ab -c C -n N` of latency.runs in turn, closed
 * model, on latency.path. Plain ab is HTTP/1.1 only: an http2 run says so in one line and runs keep-alive alone.
 */
class LatencySimulation extends LoadlabSimulation(Config.latency)(_.common) {

  if (config.variantsOfRun != config.variants)
    println(s"loadlab: LatencySimulation over ${common.protocol.name} leaves out plain ab (a new HTTP/1.1 connection per request has no HTTP/2 counterpart); running ab -k only")

  private val runs = for {
    variant <- config.variantsOfRun
    run <- config.runs
  } yield scenario(run.label(variant))
    .exec(LatencyChains.ab(run, variant, config))
    .inject(atOnceUsers(run.concurrency))

  // the JIT of both JVMs and the server's pools warmed up first, outside every measured run (latency.warmupRequests)
  private val warmUp = Option.when(config.warmupRequests > 0)(scenario("warm-up")
    .exec(LatencyChains.warmUp(config.warmupRequests, config))
    .inject(atOnceUsers(math.min(config.runs.head.concurrency, config.warmupRequests))))

  setUp((warmUp.toSeq ++ runs).reduceRight((run, next) => run.andThen(next)))
    .protocols(httpProtocol)
    .assertions(
      global.failedRequests.percent.lte(common.maxErrorPct),
      global.responseTime.percentile(95).lte(common.maxP95Ms))
}
