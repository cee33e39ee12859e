package dev.loadlab.chains

import dev.loadlab.{AbRun, LatencyConfig}
import dev.loadlab.requests.UserRequests
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** ApacheBench semantics: `ab -c C -n N` is C users sharing exactly N requests. */
object LatencyChains {
  def ab(run: AbRun, config: LatencyConfig): ChainBuilder =
    new Tickets(run.requests).share(exec(UserRequests.fooBar(
      config.fooId,
      config.barId,
      closeConnection = config.cold)))
}
