package dev.loadlab.requests

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The gateway study's request: a payload of `kb` KB that the upstream answers after `latencyMs`. */
object GatewayRequests {
  val ClientMs = "clientMs"
  val UpstreamMs = "upstreamMs"

  /** Keeps the client-side time and the upstream time the gateway reports in `Server-Timing: upstream;dur=<ms>`. */
  def payload(kb: Int, latencyMs: Int): HttpRequestBuilder =
    http("gateway payload").get("/gateway/payload")
      .queryParam("kb", kb).queryParam("latencyMs", latencyMs)
      .check(
        status.is(200),
        responseTimeInMillis.saveAs(ClientMs),
        headerRegex(
          "Server-Timing",
          """upstream;dur=([0-9]+(?:\.[0-9]+)?)""").transform(_.toDouble).optional.saveAs(UpstreamMs)
      )
}
