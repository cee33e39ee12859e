package dev.loadlab.requests

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The calibration experiment's one request, the same in every tool (jmeter/fragments/calibrate.jmx is JMeter's). */
object CalibrationRequests {

  /**
   * Labelled "<route> <phase>" like JMeter's samples; `tag` is what the reference server counts this request under,
   * and `latencyMs` how long it holds the answer. Only the status is checked, 200 in both tools (a Response Assertion
   * in jmeter/fragments/calibrate.jmx): the injector spends no time parsing.
   */
  def calibrate(path: String, route: String, phase: String, tag: String, latencyMs: Int): HttpRequestBuilder =
    http(s"$route $phase").get(path).queryParam("tag", tag).queryParam("latencyMs", latencyMs).check(status.is(200))
}
