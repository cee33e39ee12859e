package dev.loadlab.simulations

import scala.concurrent.duration._

import dev.loadlab._
import dev.loadlab.chains.ApiChains
import io.gatling.core.Predef._

/** The HTTP/1.1-vs-HTTP/2 API-gateway study (JMeter thread groups) on the route of api.path; its stress test is
 * ApiGatewayStressSimulation. On several injectors each runs its share of the users (Config.users: the ramp keeps
 * its duration, so the injectors together start the whole population over it; the closed loop splits its
 * concurrency); each user still sends api.requestsPerUser requests. */
class ApiGatewaySimulation extends LoadlabSimulation(Config.api)(_.common) {

  private val chains = new ApiChains(config.path)

  private val limits = Seq(
    global.failedRequests.percent.lte(common.maxErrorPct),
    global.responseTime.percentile(95).lte(common.maxP95Ms))

  config.profile match {
    case r: Ramp =>
      setUp(scenario(config.profileName).exec(chains.requests(r.requestsPerUser)).inject(rampUsers(
        r.users).during(r.rampSeconds.seconds)))
        .protocols(httpProtocol).maxDuration((r.rampSeconds + r.durationSeconds).seconds).assertions(limits)

    case s: Saturate =>
      setUp(scenario("saturate").exec(chains.warmUpThenMeasure(
        s.warmupSeconds,
        s.durationSeconds)).inject(atOnceUsers(s.users)))
        .protocols(httpProtocol).assertions(limits)
  }
}
