package dev.loadlab.requests

import dev.loadlab.ODataContract
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.session.Expression
import io.gatling.http.Predef._
import io.gatling.http.request.builder.HttpRequestBuilder

/**
 * The CAP write-strategies study's requests, as its tool sends them, against the contract's entity set and custom
 * REST route. Every record is `template` rendered for its index within the run.
 */
final class ODataRequests(contract: ODataContract, template: RecordTemplate, batchAtomic: Boolean) {
  import contract._

  /** One create; the answer is the stored entity, which carries the key. */
  def create(index: Expression[Int]): HttpRequestBuilder =
    http("create").post(s"$servicePath/$entitySet")
      .body(StringBody(session => index(session).map(template.render))).asJson
      .check(status.is(201), jsonPath("$." + key).exists)

  /**
   * One `$batch` of `size` creates: each its own change (no atomicity group, the study's tool's form), so each is
   * committed on its own; with `odata.batchAtomic=true` one group, all or nothing. Every create must answer 201.
   */
  def batch(firstIndex: Expression[Int], size: Int): HttpRequestBuilder =
    http("$batch").post(s"$servicePath/$$batch")
      .body(StringBody(session =>
        firstIndex(session).map(first =>
          ODataRequests.batchBody(template, entitySet, first, size, batchAtomic)))).asJson
      .check(status.is(200), jsonPath("$.responses[?(@.status == 201)]").count.is(size))

  /**
   * All records of a run in one request to the custom REST route (one transaction on the server). The body is built
   * when the request is sent, not when the simulation is: the study's largest runs are tens of megabytes each.
   */
  def bulk(records: Int): HttpRequestBuilder = {
    val request = http("bulk").post(bulkPath)
      .body(StringBody(_ => ODataRequests.bulkBody(template, entitySet, bulkShape, records).success)).asJson
    if (bulkShape == ODataRequests.CapAction)
      // The action answers 200 (CAP) with {"value": <the INSERT's result>}; the row count is checked when given.
      request.check(
        status.in(200, 201),
        jsonPath("$.value.affectedRows").ofType[Int].transformOption(found => Some(found.getOrElse(records)).success)
          .is(records))
    else request.check(status.is(201), jsonPath("$.inserted").ofType[Int].is(records))
  }

  /** Rows in the entity set, saved as `saveAs`; fails when `expected` is given and differs. */
  def count(name: String, saveAs: String, expected: Option[Expression[Long]]): HttpRequestBuilder = {
    val request = http(name).get(s"$servicePath/$entitySet/$$count").check(status.is(200), rows.saveAs(saveAs))
    expected.fold(request)(e => request.check(rows.is(e).name("rows on the server = rows before + records written")))
  }

  private def rows = bodyString.transform(_.trim.toLong)
}

object ODataRequests {
  val CapAction = "capAction"

  /** The study's tool's batch: ids are the records' indexes, each create a request of its own with OData 4.0. */
  def batchBody(template: RecordTemplate, entitySet: String, first: Int, size: Int, atomic: Boolean): String = {
    val group = if (atomic) "\"atomicityGroup\":\"g1\"," else ""
    (first until first + size).map { i =>
      s"""{"id":"$i",$group"method":"POST","url":"$entitySet",""" +
        s""""headers":{"content-type":"application/json","odata-version":"4.0"},"body":${template.render(i)}}"""
    }.mkString("""{"requests":[""", ",", "]}")
  }

  /** `capAction`: the study's action `insertAll(insEntity, insArray)`; `array`: the records alone. */
  def bulkBody(template: RecordTemplate, entitySet: String, shape: String, records: Int): String = {
    val array = new java.lang.StringBuilder("[")
    for (i <- 0 until records) array.append(if (i == 0) "" else ",").append(template.render(i))
    array.append(']')
    if (shape == CapAction) s"""{"insEntity":"$entitySet","insArray":$array}""" else array.toString
  }
}
