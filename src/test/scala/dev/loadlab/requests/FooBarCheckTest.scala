package dev.loadlab.requests

import java.net.InetSocketAddress
import java.net.http.{HttpClient, HttpRequest, HttpResponse => JdkResponse}
import java.nio.charset.StandardCharsets.UTF_8

import scala.jdk.CollectionConverters._

import com.sun.net.httpserver.HttpServer
import dev.loadlab.{GatlingConfigured, IdType}
import io.gatling.core.check.Check
import io.gatling.core.session.Session
import io.gatling.http.response.{Response, StringResponseBody}
import io.netty.handler.codec.http.{DefaultHttpHeaders, HttpResponseStatus}
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{AfterAll, Test}

/**
 * The latency experiment's checks (UserRequests.fooBar, exactly as the simulation sends it) applied by Gatling's own
 * check engine to answers fetched over HTTP from a real server: one that answers as the study's router does (string
 * ids, its 60-byte document) and one that sends numbers. Running a whole Gatling simulation in a unit test would
 * add its engine and nothing to what is checked here: which answers the request's checks accept.
 */
class FooBarCheckTest {
  import FooBarCheckTest._

  /** The request's checks on the answer of `route`: None when they all pass, else Gatling's failure message. */
  private def failure(route: String, idType: IdType, fooId: Int = 2, barId: Int = 3): Option[String] = {
    val answer = client.send(
      HttpRequest.newBuilder(java.net.URI.create(s"http://127.0.0.1:${server.getAddress.getPort}$route")).build(),
      JdkResponse.BodyHandlers.ofString())
    val headers = new DefaultHttpHeaders()
    answer.headers().map().asScala.foreach { case (k, vs) => vs.asScala.foreach(v => headers.add(k, v)) }
    val response = Response(
      request = null,
      startTimestamp = 0L,
      endTimestamp = 1L,
      status = HttpResponseStatus.valueOf(answer.statusCode()),
      headers = headers,
      body = new StringResponseBody(answer.body(), UTF_8),
      checksums = Map.empty,
      isHttp2 = false
    )
    val checks =
      UserRequests.fooBar("/foo/2/bar/3", idType, fooId, barId, closeConnection = false).httpAttributes.checks
    val (_, failed) =
      Check.check[Response](response, Session("latency", 1L, null), checks, new java.util.HashMap[Any, Any]())
    failed.map(_.message)
  }

  @Test def aTargetAnsweringWithTheStudysStringIdsPassesTheDefaultCheck(): Unit = {
    assertEquals(60, StudyBody.getBytes(UTF_8).length)
    assertEquals(None, failure("/study/foo/2/bar/3", IdType.Text))
  }

  @Test def theStringCheckStillComparesTheIds(): Unit =
    assertTrue(failure("/study/foo/2/bar/3", IdType.Text, fooId = 5).exists(_.contains("5")))

  @Test def theStringCheckRefusesNumbers(): Unit =
    assertTrue(failure("/numbers/foo/2/bar/3", IdType.Text).isDefined)

  @Test def theNumberCheckRefusesTheStudysStringIdsAsTheOldCheckDid(): Unit =
    assertTrue(failure("/study/foo/2/bar/3", IdType.Number).isDefined)

  @Test def theNumberCheckPassesATargetThatSendsNumbers(): Unit =
    assertEquals(None, failure("/numbers/foo/2/bar/3", IdType.Number))

  @Test def noneChecksTheStatusOnly(): Unit = {
    assertEquals(None, failure("/numbers/foo/2/bar/3", IdType.Unchecked))
    assertTrue(failure("/missing", IdType.Unchecked).exists(_.contains("404")))
  }
}

object FooBarCheckTest {
  // jsonPath checks are built with Gatling's configuration
  GatlingConfigured.ensure()

  /** The study's router's answer to /foo/2/bar/3: json.dumps of its dict, "Document Length: 60 bytes". */
  val StudyBody = """{"foo_id": "2", "bar_id": "3", "message": "all bars by foo"}"""
  val NumberBody = """{"foo_id":2,"bar_id":3,"message":"all bars by foo"}"""

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
    route("/study/", StudyBody)
    route("/numbers/", NumberBody)
    s.start()
    s
  }
  private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

  @AfterAll def stop(): Unit = server.stop(0)
}
