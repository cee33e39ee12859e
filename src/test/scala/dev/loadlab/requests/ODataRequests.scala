package dev.loadlab.requests

import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/** The CAP write-strategies study's requests against the `Records` entity set and the custom bulk endpoint. */
final class ODataRequests(servicePath: String, bulkPath: String) {

  /** One create: `{"field": <double>, "text": <string>}`; the server generates the ID. */
  def create(index: Expression[Int]): HttpRequestBuilder =
    http("create").post(s"$servicePath/Records")
      .body(StringBody(session => index(session).map(ODataRequests.record))).asJson
      .check(status.is(201), jsonPath("$.ID").exists)

  /** One `$batch` of `size` creates in one atomicity group: all stored, or none. */
  def batch(firstIndex: Expression[Int], size: Int): HttpRequestBuilder =
    http("$batch").post(s"$servicePath/$$batch")
      .body(StringBody(session => firstIndex(session).map(first => ODataRequests.batchBody(first, size)))).asJson
      .check(status.is(200), jsonPath("$.responses[?(@.status == 201)]").count.is(size))

  /** All records of a run in one request to the custom REST endpoint (one transaction on the server). */
  def bulk(records: Int): HttpRequestBuilder =
    http("bulk").post(bulkPath)
      .body(StringBody(ODataRequests.bulkBody(records))).asJson
      .check(status.is(201), jsonPath("$.inserted").ofType[Int].is(records))

  /** Rows in the table, saved as `saveAs`; fails when `expected` is given and differs. */
  def count(name: String, saveAs: String, expected: Option[Expression[Long]]): HttpRequestBuilder = {
    val request = http(name).get(s"$servicePath/Records/$$count").check(status.is(200), rows.saveAs(saveAs))
    expected.fold(request)(e => request.check(rows.is(e).name("rows on the server = rows before + records written")))
  }

  private def rows = bodyString.transform(_.trim.toLong)
}

object ODataRequests {
  def record(index: Int): String = s"""{"field":$index.5,"text":"record $index"}"""

  def batchBody(first: Int, size: Int): String = (first until first + size).map { i =>
    s"""{"id":"${i - first +
        1}","atomicityGroup":"g1","method":"POST","url":"Records","headers":{"content-type":"application/json"},"body":${record(
        i)}}"""
  }.mkString("""{"requests":[""", ",", "]}")

  def bulkBody(records: Int): String = (0 until records).map(record).mkString("[", ",", "]")
}
