package dev.loadlab.requests

import dev.loadlab.IdType
import io.gatling.core.Predef._
import io.gatling.http.check.HttpCheck
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
   * The ab study's route, `path` with its ids filled in. The ids are checked as the target carries them: the study's
   * router echoes its path parameters as JSON strings (`"foo_id": "2"`), another service may send numbers, or
   * `none` checks the status only. `closeConnection` is plain ab (no -k): the server closes the connection after the
   * answer, so every request pays for a new connection, and over https a new TLS handshake (HTTP/1.1 only).
   */
  def fooBar(path: String, idType: IdType, fooId: Int, barId: Int, closeConnection: Boolean): HttpRequestBuilder = {
    val request = http("foo/bar").get(path).check(status.is(200)).check(idChecks(idType, fooId, barId): _*)
    if (closeConnection) request.header("Connection", "close") else request
  }

  private def idChecks(idType: IdType, fooId: Int, barId: Int): Seq[HttpCheck] = idType match {
    case IdType.Text => Seq(textId("foo_id", fooId), textId("bar_id", barId))
    case IdType.Number =>
      Seq(jsonPath("$.foo_id").ofType[Int].is(fooId), jsonPath("$.bar_id").ofType[Int].is(barId))
    case IdType.Unchecked => Nil
  }

  /** A JSON string, and only a string: Gatling's String filter would also take the number 2 for "2". */
  private def textId(field: String, id: Int): HttpCheck =
    jsonPath("$." + field).ofType[Any].transform {
      case text: String => text
      case other => s"not a JSON string: $other"
    }.is(id.toString)
}
