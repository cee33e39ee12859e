package dev.loadlab.chains

import dev.loadlab.{AbRun, AbVariant, LatencyConfig}
import dev.loadlab.requests.UserRequests
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** ApacheBench semantics: `ab -c C -n N` is C users sharing exactly N requests; plain ab closes each connection. */
object LatencyChains {
  def ab(run: AbRun, variant: AbVariant, config: LatencyConfig): ChainBuilder =
    new Tickets(run.requests).share(exec(UserRequests.fooBar(
      config.path,
      config.idType,
      config.fooId,
      config.barId,
      closeConnection = variant == AbVariant.Plain)))

  /** Keep-alive requests shared like an ab run's, in a group of their own so that no figure of a run counts them. */
  def warmUp(requests: Int, config: LatencyConfig): ChainBuilder =
    group("warm-up")(new Tickets(requests).share(exec(UserRequests.fooBar(
      config.path,
      config.idType,
      config.fooId,
      config.barId,
      closeConnection = false))))
}
