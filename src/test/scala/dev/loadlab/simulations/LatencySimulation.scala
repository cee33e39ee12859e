package dev.loadlab.simulations

import dev.loadlab._
import dev.loadlab.chains.LatencyChains
import io.gatling.core.Predef._

/** The ApacheBench study: each `ab -c C -n N` of latency.runs in turn, closed model, on `/foo/{id}/bar/{id}`. */
class LatencySimulation extends LoadlabSimulation(Config.latency)(_.common) {

  private val runs =
    config.runs.map(run => scenario(run.label).exec(LatencyChains.ab(run, config)).inject(atOnceUsers(run.concurrency)))

  setUp(runs.reduceRight((run, next) => run.andThen(next)))
    .protocols(httpProtocol)
    .assertions(
      global.failedRequests.percent.lte(common.maxErrorPct),
      global.responseTime.percentile(95).lte(common.maxP95Ms))
}
