package dev.loadlab

import scala.jdk.CollectionConverters._

import dev.loadlab.settings.Settings
import dev.loadlab.shared.HostGuard
import io.gatling.commons.validation.{Failure, Success}
import io.gatling.core.session.Session
import io.gatling.http.client.{Request, RequestBuilder}
import io.gatling.http.client.resolver.InetAddressNameResolver
import io.gatling.http.client.uri.Uri
import io.netty.handler.codec.http.HttpMethod
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.function.Executable

/** The Gatling protocol every simulation gets holds each request, and each redirect, to the build's reach. */
class TargetGuardTest {
  GatlingConfigured.ensure()
  private val common = Config.common(Settings.of(Map(
    "target.url" -> "http://127.0.0.1:8080",
    "target.api.url" -> "https://127.0.0.1:9443").asJava))
  private val guard = new HostGuard(common.reach)
  private val protocol = Target.httpProtocol(common, guard).protocol

  private def request(url: String): Request =
    new RequestBuilder("r", HttpMethod.GET, Uri.create(url), InetAddressNameResolver.JAVA_RESOLVER).build

  private def signed(url: String) =
    protocol.requestPart.signatureCalculators.map(sign => sign(request(url), null.asInstanceOf[Session]))

  @Test def sendsToTheTargetAndToANamedOne(): Unit = {
    assertTrue(signed("http://127.0.0.1:8080/x").forall(_.isInstanceOf[Success[_]]))
    assertTrue(signed("https://127.0.0.1:9443/orders").forall(_.isInstanceOf[Success[_]]))
    assertEquals(Map("target" -> 1L, "api" -> 1L), guard.sent().asScala.map { case (k, v) => k -> v.longValue }.toMap)
  }

  @Test def failsARequestToAnotherPortNamingItsHost(): Unit = {
    val failures = signed("http://127.0.0.1:9999/x").collect { case Failure(message) => message }
    assertEquals(1, failures.size)
    assertTrue(failures.head.startsWith("blocked host 127.0.0.1:9999"), failures.head)
    assertEquals(1L, guard.blocked().get("127.0.0.1:9999"))
  }

  @Test def followsNoRedirectToAHostOfNoTarget(): Unit = {
    val naming = protocol.responsePart.redirectNamingStrategy
    assertEquals("r Redirect 1", naming(Uri.create("http://127.0.0.1:8080/next"), "r", 1))
    val blocked = assertThrows(
      classOf[HostGuard.BlockedHost],
      new Executable { def execute(): Unit = naming(Uri.create("https://elsewhere.example.com/"), "r", 1) })
    assertEquals("elsewhere.example.com:443", blocked.host)
  }

  @Test def sendsTheTargetsCredentialsToTheTargetOnly(): Unit = {
    val withAuth = common.copy(authorization = Some("Bearer t0ken"))
    val sign = Target.httpProtocol(withAuth, new HostGuard(common.reach)).protocol.requestPart.signatureCalculators.head
    def sent(url: String, header: String) = {
      val r = request(url)
      r.getHeaders.set("Authorization", header)
      sign(r, null.asInstanceOf[Session]) match {
        case Success(signed) => Option(signed.getHeaders.get("Authorization"))
        case Failure(message) => throw new AssertionError(message)
      }
    }
    assertEquals(Some("Bearer t0ken"), sent("http://127.0.0.1:8080/x", "Bearer t0ken"))
    assertEquals(None, sent("https://127.0.0.1:9443/orders", "Bearer t0ken"), "not to a named service")
    assertEquals(Some("Bearer its-own"), sent("https://127.0.0.1:9443/orders", "Bearer its-own"), "the journey's own")
  }
}
