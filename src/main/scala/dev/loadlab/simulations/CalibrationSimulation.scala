package dev.loadlab.simulations

import scala.jdk.CollectionConverters._

import dev.loadlab._
import dev.loadlab.chains.CalibrationChains
import dev.loadlab.studies.calibration.CalibrationKnobs
import io.gatling.core.Predef._

/**
 * The calibration experiment: calibration.users in a closed loop with keep-alive, on the fast route and then on the
 * held one, each with its warm-up and measured window. JMeter runs the same (jmeter/calibration.jmx); the report sets
 * both beside the server's own count and the held route's known latency.
 *
 * On several injectors each runs its share of calibration.users (Config.users) at the same time: the server counts
 * every injector's requests under the same tags, so only the merged figures (the report's merge) can equal its count.
 */
class CalibrationSimulation extends LoadlabSimulation(Config.calibration)(_.common) {

  private val loops = CalibrationKnobs.ROUTES.asScala.toSeq.map { route =>
    scenario(route).exec(CalibrationChains.closedLoop(config, route)).inject(atOnceUsers(config.users))
  }

  setUp(loops.reduceRight((loop, next) => loop.andThen(next)))
    .protocols(httpProtocol)
    .assertions(global.failedRequests.percent.lte(common.maxErrorPct))
}
