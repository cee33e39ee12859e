package dev.loadlab.requests

import java.net.InetSocketAddress
import java.net.http.{HttpClient, HttpRequest, HttpResponse => JdkResponse}
import java.nio.charset.StandardCharsets.UTF_8

import scala.jdk.CollectionConverters._

import com.sun.net.httpserver.HttpServer
import dev.loadlab.GatlingConfigured
import dev.loadlab.report.read.ErrorClassifier
import dev.loadlab.settings.Settings
import dev.loadlab.studies.gatewaycapacity.GatewayRequest
import io.gatling.core.check.Check
import io.gatling.core.session.Session
import io.gatling.http.response.{ByteArrayResponseBody, Response}
import io.netty.handler.codec.http.{DefaultHttpHeaders, HttpResponseStatus}
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{AfterAll, Test}

/**
 * The gateway study's checks (GatewayRequests.payload, exactly as the simulation sends it) applied by Gatling's own
 * check engine to answers fetched over HTTP from a real server: a GraphQL server's whole answer, its answer to a query
 * with a wrong field (HTTP 200, errors, no data), and a payload cut short. Each failure's message is what
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
  private def failure(request: GatewayRequest, route: String, kb: Int): Option[String] = {
    val answer = client.send(
      HttpRequest.newBuilder(java.net.URI.create(s"http://127.0.0.1:${server.getAddress.getPort}$route")).build(),
      JdkResponse.BodyHandlers.ofByteArray())
    val headers = new DefaultHttpHeaders()
    answer.headers().map().asScala.foreach { case (k, vs) => vs.asScala.foreach(v => headers.add(k, v)) }
    val response = Response(
      request = null,
      startTimestamp = 0L,
      endTimestamp = 1L,
      status = HttpResponseStatus.valueOf(answer.statusCode()),
      headers = headers,
      body = new ByteArrayResponseBody(answer.body(), UTF_8),
      checksums = Map.empty,
      isHttp2 = false
    )
    val checks = GatewayRequests.payload(request, kb).httpAttributes.checks
    val (_, failed) =
      Check.check[Response](response, Session("gateway", 1L, null), checks, new java.util.HashMap[Any, Any]())
    failed.map(_.message)
  }

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

  private val server: HttpServer = {
    val s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0)
    def route(path: String, body: String): Unit = s.createContext(
      path,
      exchange => {
        val bytes = body.getBytes(UTF_8)
        exchange.getResponseHeaders.add("Content-Type", "application/json")
        exchange.sendResponseHeaders(200, bytes.length)
        exchange.getResponseBody.write(bytes)
        exchange.close()
      }
    )
    route("/whole", Whole)
    route("/typo", Typo)
    route("/short", "x" * 1024)
    s.start()
    s
  }
  private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

  @AfterAll def stop(): Unit = server.stop(0)
}
