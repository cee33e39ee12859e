package dev.loadlab.simulations

import dev.loadlab._
import dev.loadlab.chains.{ApiChains, StepErrors}
import io.gatling.core.Predef._

/**
 * The API-gateway study's stress test (api-gateway-stress.jmx in JMeter) on the route of api.path: the arrival rate
 * doubles per step until a step's error rate passes api.stress.maxErrorPct, and the run stops there. No assertions:
 * a stress run is meant to end where the target gives up; its result is that step.
 *
 * On several injectors each sends its share of every step's rate (the rate divided by their number) and stops on its
 * own share's errors; the step names keep the whole rate, so that the injectors' steps merge in the report.
 */
class ApiGatewayStressSimulation extends LoadlabSimulation(Config.apiStress)(_.common) {

  private val chains = new ApiChains(config.path)
  private val errors = new StepErrors(share = Config.rate(common, 1))

  setUp(Steps.populations("stress", config.ratesPerSec, config.stepSeconds, 0, common)(rate =>
    chains.stressArrival(rate, errors, config.maxErrorPct)).toList)
    .protocols(httpProtocol.shareConnections) // see GatewayCapacitySimulation
}
