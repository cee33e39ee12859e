package dev.loadlab.requests

import scala.jdk.CollectionConverters._
import scala.jdk.OptionConverters._

import dev.loadlab.studies.gatewaycapacity.GatewayRequest
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/**
 * The gateway study's request, as [[GatewayRequest]] defines it from the settings (gateway.path, sizeParam,
 * latencyParam, method, body, headers): a payload of `kb` KB that the upstream answers after the step's latency
 * (session attribute [[LatencyMs]]), in the query's parameters or the body's placeholders.
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
  def payload(request: GatewayRequest, kb: Int): HttpRequestBuilder = {
    // functions, not strings: Gatling would read "#{...}" in a string as its expression language, and a body or a
    // header value is the user's text, sent as it is
    val plain = http("gateway payload").httpRequest(_ => request.method.success, _ => request.path.success)
    val sized = request.sizeParam.toScala.fold(plain)(name => plain.queryParam(name, kb))
    val delayed = request.latencyParam.toScala
      .fold(sized)(name => sized.queryParam(name, session => session(LatencyMs).validate[Int]))
    val headed = request.headers.asScala.foldLeft(delayed)((r, h) => r.header(h.getKey, _ => h.getValue.success))
    val sent =
      if (request.bodyTemplate.isEmpty) headed
      else headed.body(StringBody(session =>
        session(LatencyMs).validate[Int].map(latencyMs => request.body(kb, latencyMs).get)))
    val graphql = request.graphql
    sent.check(
      status.is(200),
      // the answer is the study's (docs/studies.md): a GraphQL error or a payload not whole fails the request, by kind
      ValidAnswer.of(body => request.answerProblem(body, kb, graphql)),
      responseTimeInMillis.saveAs(ClientMs),
      serverTiming("upstream").saveAs(UpstreamMs),
      serverTiming("gateway").saveAs(GatewayMs),
      serverTiming("queue").saveAs(QueueMs)
    )
  }

  private def serverTiming(metric: String) =
    headerRegex("Server-Timing", s"""\\b$metric;dur=([0-9]+(?:\\.[0-9]+)?)""").transform(_.toDouble).optional
}
