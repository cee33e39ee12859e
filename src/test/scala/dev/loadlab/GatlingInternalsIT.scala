package dev.loadlab

import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.atomic.AtomicInteger

import scala.concurrent.duration._
import scala.jdk.CollectionConverters._

import dev.loadlab.gatling.GatlingInternals
import dev.loadlab.server.{ReferenceServer, ServerSettings}
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{Tag, Test}

/**
 * GatlingInternals on Gatling's own engine, run as Gatling's plugin runs it (io.gatling.app.Gatling in a JVM of its
 * own) against a reference server: each response reaches the listener as Gatling logs it, and LiveStop's stop
 * (Gatling's stopLoadGenerator action) ends a run of 60 s within seconds. On a Gatling where what GatlingInternals
 * reaches is gone, this fails.
 */
@Tag("long")
class GatlingInternalsIT {

  @Test def handsEachResponseToTheListenerAndStopsTheRunByGatlingsOwnAction(): Unit = {
    val server = ReferenceServer.start(
      ServerSettings.of(Map("server.httpPort" -> "0", "server.tlsPort" -> "0", "server.adminPort" -> "0").asJava))
    val dir = Files.createTempDirectory("gatling-internals")
    try {
      val heard = dir.resolve("heard.txt")
      val java = Path.of(sys.props("java.home"), "bin", "java").toString
      val command = Seq(
        java,
        "--add-opens=java.base/java.lang=ALL-UNNAMED", // as Gatling's plugin starts it: its log reads String's internals
        "-cp",
        sys.props("java.class.path"),
        s"-D${GatlingInternalsIT.UrlProperty}=${server.httpUri}",
        s"-D${GatlingInternalsIT.HeardProperty}=$heard",
        "io.gatling.app.Gatling",
        "-s",
        classOf[GatlingInternalsIT.Probe].getName,
        "-rf",
        dir.resolve("results").toString,
        "-nr"
      )
      val started = System.nanoTime
      val gatling = new ProcessBuilder(command.asJava).redirectErrorStream(true)
        .redirectOutput(dir.resolve("gatling.log").toFile).start()
      val status = gatling.waitFor()
      val seconds = (System.nanoTime - started) / 1e9
      val log = Files.readString(dir.resolve("gatling.log"))
      assertEquals(0, status, log)
      assertTrue(seconds < 30, s"the run of 60 s was stopped, not ended: it took $seconds s")
      val lines = Files.readAllLines(heard).asScala
      assertTrue(lines.size >= GatlingInternalsIT.StopAfter, s"${lines.size} responses heard")
      assertEquals(Set("probe ok=true ordered=true"), lines.toSet, "each response's name, status and times")
    } finally server.close()
  }
}

object GatlingInternalsIT {
  val UrlProperty = "loadlab.internalsTest.url"
  val HeardProperty = "loadlab.internalsTest.heard"
  val StopAfter = 50

  /** Two users asking the health route for 60 s, stopped after StopAfter responses; what it heard to a file. */
  class Probe extends GatlingInternals.TappedSimulation {
    private val heard = new ConcurrentLinkedQueue[String]()
    private val answered = new AtomicInteger

    before {
      GatlingInternals.listen { (name, start, end, ok, _) =>
        heard.add(s"$name ok=$ok ordered=${end >= start}")
        if (answered.incrementAndGet() == StopAfter) LiveStop.stop()
      }
    }

    after {
      GatlingInternals.stopListening()
      Files.write(Path.of(sys.props(HeardProperty)), heard.asScala.asJava)
    }

    setUp(
      scenario("probe")
        .during(60.seconds)(exec(http("probe").get("/health")).pause(10.millis))
        .inject(atOnceUsers(2))
    ).protocols(http.baseUrl(sys.props(UrlProperty)))
  }
}
