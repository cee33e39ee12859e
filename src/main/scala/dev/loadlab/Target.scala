package dev.loadlab

import java.net.http.{HttpClient, HttpRequest, HttpResponse}
import java.net.URI
import java.time.Duration
import javax.net.ssl.SSLContext

import scala.util.Try

import com.fasterxml.jackson.databind.{JsonNode, ObjectMapper}
import dev.loadlab.settings.{Reach, SettingError}
import dev.loadlab.shared.{HostGuard, TrustStore}
import io.gatling.commons.validation.{Failure, Success, Validation}
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.client.Request
import io.gatling.http.client.uri.Uri
import io.gatling.http.protocol.HttpProtocolBuilder
import io.netty.handler.codec.http.HttpHeaderNames

/** The target seen from the simulations: its Gatling protocol, and a plain client to check it before any load. */
object Target {

  def httpProtocol(c: Common, guard: HostGuard): HttpProtocolBuilder = {
    // No cache: the studies' clients (ab, JMeter without a cache manager) fetch every answer; Gatling's default
    // would send If-None-Match to a target that sends an ETag, and count its 304s as failures of status.is(200).
    val plain = guarded(
      http.baseUrl(c.baseUrl).acceptHeader("application/json").userAgentHeader("loadlab-gatling").disableCaching,
      guard,
      c.authorization)
    // target.auth: the header's value comes from the environment only, and Gatling writes no header to its logs
    val base = c.authorization.fold(plain)(value => plain.authorizationHeader(value))
    c.protocol match {
      case Protocol.Http1 => base
      case Protocol.Http2 => base.enableHttp2
    }
  }

  /**
   * Every request held to the build's reach, through what Gatling offers in public: a protocol's signature, which sees
   * each request and each embedded resource (inferHtmlResources) before its bytes are written, and the naming of a
   * redirect, which sees where it goes before Gatling builds it (a redirect carries no signature). A request elsewhere
   * fails as "blocked host host:port" and is not sent; Gatling has opened its connection by the time a signature runs,
   * so that host saw a connection (and a TLS handshake), never a request. A literal host is refused before any load
   * (the build's first step), so this holds the hosts a journey builds while it runs. The target's credentials
   * (target.auth, the protocol's Authorization) go to the target only: a named service gets none of them.
   */
  private def guarded(protocol: HttpProtocolBuilder, guard: HostGuard, authorization: Option[String])
      : HttpProtocolBuilder =
    protocol
      .sign((request: Request, _: Session) => admitted(guard, authorization, request))
      .redirectNamingStrategy { (uri: Uri, name: String, count: Int) =>
        admit(guard, uri) // throws: Gatling fails the redirect with its message, and does not build it
        s"$name Redirect $count" // Gatling's own naming
      }

  private def admitted(guard: HostGuard, authorization: Option[String], request: Request): Validation[Request] =
    try {
      if (admit(guard, request.getUri) != Reach.TARGET)
        for (value <- authorization if value == request.getHeaders.get(HttpHeaderNames.AUTHORIZATION))
          request.getHeaders.remove(HttpHeaderNames.AUTHORIZATION) // the target's, not the journey's own
      Success(request)
    } catch { case blocked: HostGuard.BlockedHost => Failure(blocked.getMessage) }

  private def admit(guard: HostGuard, uri: Uri): String = guard.admit(uri.getScheme, uri.getHost, uri.getExplicitPort)

  /**
   * Fails with one line when the target does not answer HTTP at all (any status counts) in [[ProbeTries]] tries of the
   * probe timeout each: one try could miss on a busy machine (a CI runner's other jobs stalled this JVM's first TLS
   * handshake past 3 s beside a CPU hog), where a target that is down refuses at once, each time.
   */
  def requireAnswer(c: Common): Unit = {
    val url = s"${c.baseUrl}/health"
    // the first answer ends the tries; a failure of each leaves the last one's cause
    val last = (2 to ProbeTries).foldLeft(Try(get(c, url)))((tried, _) => tried.orElse(Try(get(c, url))))
    last.failed.foreach { e =>
      val why = Option(e.getMessage).filter(_.nonEmpty).getOrElse(e.getClass.getSimpleName)
      throw new SettingError(s"target $url does not answer in $ProbeTries tries of ${c.probeTimeoutMs} ms ($why): start it, or point -Dtarget.url / -Dtarget.tlsUrl at a running one")
    }
  }

  val ProbeTries = 3

  /** Requests per protocol ("http/1.1", "h2c", "h2") from the reference server's /metrics; None for other targets. */
  def requestsByProtocol(c: Common): Option[Map[String, Long]] =
    metrics(c).flatMap(m => Option(m.get("requests"))).filter(_.isObject).map { node =>
      val names = node.fieldNames()
      Iterator.continually(names).takeWhile(_.hasNext).map(_.next()).map(name => name -> node.get(name).asLong).toMap
    }

  /** The reference server's /metrics document; None for targets that have none. */
  def metrics(c: Common): Option[JsonNode] = metricsAt(c, c.plainUrl)

  /** The /metrics document of another reference server (the gateway's upstream); None where there is none. */
  def metricsAt(c: Common, baseUrl: String): Option[JsonNode] =
    Try(get(c, s"$baseUrl/metrics")).toOption.filter(_.statusCode == 200)
      .flatMap(response => Try(new ObjectMapper().readTree(response.body)).toOption).filter(_.isObject)

  /** A text another of the run's processes serves at `url` (a subgraph's own answers' times); None without a 200. */
  def textAt(c: Common, url: String): Option[String] =
    Try(get(c, url)).toOption.filter(_.statusCode == 200).map(_.body)

  // HTTP/1.1 on purpose: the JDK client would otherwise try an h2c upgrade and move the server's protocol counters.
  // No proxy: the probe talks to the target itself, like the load does.
  private def get(c: Common, url: String): HttpResponse[String] = {
    val timeout = Duration.ofMillis(c.probeTimeoutMs)
    // One client per timeout, kept: the metrics poller asks several times a second, and each client has its own thread.
    val client = clients.computeIfAbsent(
      c.probeTimeoutMs,
      _ =>
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(timeout).proxy(HttpClient.Builder.NO_PROXY).sslContext(sslContext).build()
    )
    client.send(
      HttpRequest.newBuilder(URI.create(url)).timeout(timeout).GET().build(),
      HttpResponse.BodyHandlers.ofString())
  }

  private val clients = new java.util.concurrent.ConcurrentHashMap[Int, HttpClient]()

  /** The same trust as Gatling's: the trust store the build hands to it, else the JDK's default CAs. */
  private lazy val sslContext: SSLContext =
    Option(System.getProperty("gatling.ssl.trustStore.file")).filter(_.nonEmpty) match {
      case None => SSLContext.getDefault
      case Some(file) => TrustStore.trusting(TrustStore.read(java.nio.file.Path.of(file)))
    }

}
