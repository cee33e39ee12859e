package dev.loadlab.simulations

import scala.concurrent.duration._

import dev.loadlab._
import dev.loadlab.chains.ApiChains
import io.gatling.core.Predef._

/** The HTTP/1.1-vs-HTTP/2 API-gateway study (JMeter thread groups: by default both configurations, `ramp` then
 * `ramp500`, one after the other as JMeter's plan runs them) on the route of api.path; its stress test is
 * ApiGatewayStressSimulation. On several injectors each runs its share of the users (Config.users: the ramp keeps
 * its duration, so the injectors together start the whole population over it; the closed loop splits its
 * concurrency); each user still sends api.requestsPerUser requests. */
class ApiGatewaySimulation extends LoadlabSimulation(Config.api)(_.common) {

  private val chains = new ApiChains(config.path)

  private val limits = Seq(
    global.failedRequests.percent.lte(common.maxErrorPct),
    global.responseTime.percentile(95).lte(common.maxP95Ms))

  config.profiles match {
    case Seq((_, s: Saturate)) =>
      setUp(scenario("saturate").exec(chains.warmUpThenMeasure(
        s.warmupSeconds,
        s.durationSeconds)).inject(atOnceUsers(s.users)))
        .protocols(httpProtocol).assertions(limits)

    case ramps =>
      // one after the other, as jmeter/api-gateway.jmx runs its two thread groups (serialised); each capped as there
      val steps = ramps.collect { case (name, r: Ramp) =>
        scenario(name).exec(chains.requests(r.requestsPerUser)).inject(rampUsers(r.users).during(r.rampSeconds.seconds))
      }
      val cap = ramps.collect { case (_, r: Ramp) => r.rampSeconds + r.durationSeconds }.sum
      setUp(steps.reduceLeft((first, next) => first.andThen(next)))
        .protocols(httpProtocol).maxDuration(cap.seconds).assertions(limits)
  }
}
