package dev.loadlab.requests

import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The read endpoints of the API-gateway and ApacheBench studies, each defined once. */
object UserRequests {

  /**
   * The route of api.path (the reference server: a ~2.2 KB JSON list). Only the status is checked, like wrk and
   * JMeter do, so the injector spends no time parsing.
   */
  def getAllUsers(path: String): HttpRequestBuilder =
    http("getAllUsers").get(path).check(status.is(200))

  /**
   * The ab study's route. `closeConnection` is ab without -k: the server closes the connection after the answer,
   * so every request pays for a new connection (HTTP/1.1 only; HTTP/2 has no per-request close).
   */
  def fooBar(fooId: Int, barId: Int, closeConnection: Boolean): HttpRequestBuilder = {
    val request = http("foo/bar").get(s"/foo/$fooId/bar/$barId")
      .check(status.is(200), jsonPath("$.foo_id").ofType[Int].is(fooId), jsonPath("$.bar_id").ofType[Int].is(barId))
    if (closeConnection) request.header("Connection", "close") else request
  }
}
