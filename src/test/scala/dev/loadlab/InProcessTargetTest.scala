package dev.loadlab

import java.net.URI
import java.net.http.{HttpClient, HttpRequest, HttpResponse}

import scala.jdk.CollectionConverters._

import dev.loadlab.settings.{SettingError, Settings, TargetKnobs => T}
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.function.Executable

/** A simulation run alone (`mvn gatling:test`), as this test JVM is: no build wrote a target, none was named. */
class InProcessTargetTest {

  private def knobs(values: (String, String)*) = Settings.of(values.toMap.asJava)

  @Test def givesASimulationRunAloneAReferenceServerOfItsOwnInsteadOfAnEarlierBuildsTarget(): Unit = {
    // what a target.properties left by an earlier build says: a server that is gone
    val s = InProcessTarget.settings(knobs(T.URL.name -> "http://127.0.0.1:1", T.TLS_URL.name -> "https://127.0.0.1:2"))
    val url = s.get(T.URL)
    assertNotEquals("http://127.0.0.1:1", url)
    assertTrue(url.startsWith("http://127.0.0.1:"), url)
    val health = HttpClient.newHttpClient().send(
      HttpRequest.newBuilder(URI.create(url + "/health")).build(),
      HttpResponse.BodyHandlers.ofString())
    assertEquals(200, health.statusCode)
    assertEquals(url, InProcessTarget.settings(knobs()).get(T.URL), "one server for every simulation of the JVM")
  }

  @Test def refusesHttp2OnItsOwnTargetInOneLineNamingWhatToGiveInstead(): Unit = {
    val e = assertThrows(
      classOf[SettingError],
      new Executable {
        def execute(): Unit = InProcessTarget.settings(knobs(T.PROTOCOL.name -> "http2"))
      })
    assertTrue(
      e.getMessage.startsWith("-Dprotocol=http2 is not allowed with mvn gatling:test on its own target"),
      e.getMessage)
  }
}
