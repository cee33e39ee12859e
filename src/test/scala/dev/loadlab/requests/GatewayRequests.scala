package dev.loadlab.requests

import dev.loadlab.GatewayRoute
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/**
 * The gateway study's request: a payload of `kb` KB that the upstream answers after the step's latency (session
 * attribute [[LatencyMs]]), on the contract's route (gateway.path, gateway.sizeParam, gateway.latencyParam).
 */
object GatewayRequests {
  val LatencyMs = "gatewayLatencyMs"
  val ClientMs = "clientMs"
  val UpstreamMs = "upstreamMs"
  val GatewayMs = "gatewayMs"
  val QueueMs = "queueMs"

  /**
   * Keeps the client-side time, and the gateway's own, the upstream's and the gateway's wait for an upstream
   * connection from `Server-Timing: gateway;dur=<ms>, upstream;dur=<ms>, queue;dur=<ms>` where the gateway sends them
   * (a gateway that does not leaves them unset: "n/a", never 0).
   */
  def payload(route: GatewayRoute, kb: Int): HttpRequestBuilder = {
    val plain = http("gateway payload").get(route.path)
    val sized = route.sizeParam.fold(plain)(name => plain.queryParam(name, kb))
    val delayed =
      route.latencyParam.fold(sized)(name => sized.queryParam(name, session => session(LatencyMs).validate[Int]))
    delayed.check(
      status.is(200),
      responseTimeInMillis.saveAs(ClientMs),
      serverTiming("upstream").saveAs(UpstreamMs),
      serverTiming("gateway").saveAs(GatewayMs),
      serverTiming("queue").saveAs(QueueMs)
    )
  }

  private def serverTiming(metric: String) =
    headerRegex("Server-Timing", s"""\\b$metric;dur=([0-9]+(?:\\.[0-9]+)?)""").transform(_.toDouble).optional
}
