package dev.loadlab.requests

import scala.jdk.CollectionConverters._

import dev.loadlab.GatlingConfigured
import dev.loadlab.report.read.ErrorClassifier
import dev.loadlab.settings.Settings
import dev.loadlab.studies.gatewaycapacity.GatewayRequest
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{AfterAll, Test}

/**
 * The gateway study's checks (GatewayRequests.payload) on answers of a real server (CheckedAnswers): a GraphQL server's
 * whole answer, its answer to a query with a wrong field (HTTP 200, errors, no data), and a payload cut short. Each failure's message is what
 * simulation.log keeps, and the report's error kind is read from it.
 */
class GatewayAnswerCheckTest {
  import GatewayAnswerCheckTest._

  private def graphql: GatewayRequest = GatewayRequest.from(Settings.of(Map(
    "gateway.path" -> "/graphql",
    "gateway.method" -> "POST",
    "gateway.body" -> Document,
    "gateway.sizeParam" -> "none",
    "gateway.latencyParam" -> "none").asJava))

  /** The request's checks on the answer of `route`: None when they all pass, else Gatling's failure message. */
  private def failure(request: GatewayRequest, route: String, kb: Int): Option[String] =
    answers.failure(GatewayRequests.payload(request, kb).httpAttributes.checks, route)

  @Test def aGraphqlServersWholeAnswerPasses(): Unit =
    assertEquals(None, failure(graphql, "/whole", 100))

  @Test def aWrongFieldsErrorFailsTheRequestAndIsCountedByItsMessage(): Unit = {
    val message = failure(graphql, "/typo", 100)
    assertTrue(
      message.exists(_.contains("graphql error: Cannot query field \"txt\" on type \"Item\".")),
      message.toString)
    assertEquals(
      "graphql error: Cannot query field \"txt\" on type \"Item\".",
      ErrorClassifier.gatling(message.get),
      "the report's kind")
  }

  @Test def aPayloadCutShortFailsTheReferenceServersRequestBySize(): Unit = {
    val message = failure(GatewayRequest.from(Settings.of(Map.empty[String, String].asJava)), "/short", 100)
    assertEquals(Some("short answer: 1024 of 102400 bytes"), message.map(ErrorClassifier.gatling))
  }
}

object GatewayAnswerCheckTest {
  GatlingConfigured.ensure()

  val Document =
    """{"query":"query($kb:Int!,$ms:Int!){payload(kb:$kb,latencyMs:$ms){id text}}","variables":{"kb":{payloadKb},"ms":{latencyMs}}}"""
  private val Item = s"""{"id":1,"text":"${"x" * 1000}"}"""
  val Whole: String = s"""{"data":{"payload":[${Seq.fill(100)(Item).mkString(",")}]}}"""
  val Typo =
    """{"errors":[{"message":"Cannot query field \"txt\" on type \"Item\".","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"""

  private val answers = new CheckedAnswers("/whole" -> Whole, "/typo" -> Typo, "/short" -> "x" * 1024)

  @AfterAll def stop(): Unit = answers.stop()
}
