package dev.loadlab.requests

import dev.loadlab.IdType
import dev.loadlab.studies.latency.FooBarAnswer
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The read endpoints of the API-gateway and ApacheBench studies, each defined once. */
object UserRequests {

  /**
   * The route of api.path (the reference server: a ~2.2 KB JSON list). The study fixes no answer but its route's, so
   * only the status is checked, 200 as JMeter's plans check it too, and the injector spends no time parsing.
   */
  def getAllUsers(path: String): HttpRequestBuilder =
    http("getAllUsers").get(path).check(status.is(200))

  /**
   * The ab study's route, `path` with its ids filled in. The answer is checked as [[FooBarAnswer]] defines it for every
   * tool: the ids as the target carries them (the study's router echoes its path parameters as JSON strings, another
   * service may send numbers, or `none` checks the status only); a wrong one fails the request as "wrong answer: ...".
   * `closeConnection` is plain ab (no -k): the server closes the connection after the answer, so every request pays
   * for a new connection, and over https a new TLS handshake (HTTP/1.1 only).
   */
  def fooBar(path: String, idType: IdType, fooId: Int, barId: Int, closeConnection: Boolean): HttpRequestBuilder = {
    val request = http("foo/bar").get(path).check(status.is(200))
    val checked =
      if (idType == IdType.Unchecked) request
      else request.check(ValidAnswer.of(FooBarAnswer.problem(idType.name, fooId.toString, barId.toString, _)))
    if (closeConnection) checked.header("Connection", "close") else checked
  }
}
