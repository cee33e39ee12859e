package dev.loadlab.requests

import java.net.InetSocketAddress
import java.net.http.{HttpClient, HttpRequest, HttpResponse => JdkResponse}
import java.nio.charset.StandardCharsets.UTF_8

import scala.jdk.CollectionConverters._

import com.sun.net.httpserver.HttpServer
import io.gatling.core.check.Check
import io.gatling.core.session.Session
import io.gatling.http.check.HttpCheck
import io.gatling.http.response.{ByteArrayResponseBody, Response}
import io.netty.handler.codec.http.{DefaultHttpHeaders, HttpResponseStatus}

/**
 * A request's checks, exactly as a simulation sends it, applied by Gatling's own check engine to answers fetched over
 * HTTP from a real server (a JDK server on loopback that answers each route with its JSON body). Running a whole
 * Gatling simulation in a unit test would add its engine and nothing to what is checked: which answers the checks take.
 */
final class CheckedAnswers(routes: (String, String)*) {
  private val server: HttpServer = {
    val s = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0)
    routes.foreach { case (path, body) =>
      s.createContext(
        path,
        exchange => {
          val bytes = body.getBytes(UTF_8)
          exchange.getResponseHeaders.add("Content-Type", "application/json")
          exchange.sendResponseHeaders(200, bytes.length)
          exchange.getResponseBody.write(bytes)
          exchange.close()
        }
      )
    }
    s.start()
    s
  }
  private val client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()

  /** The checks on the answer of `route`: None when they all pass, else Gatling's failure message. */
  def failure(checks: List[HttpCheck], route: String): Option[String] = {
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
    val (_, failed) =
      Check.check[Response](response, Session("checked", 1L, null), checks, new java.util.HashMap[Any, Any]())
    failed.map(_.message)
  }

  def stop(): Unit = server.stop(0)
}
