package dev.loadlab.chains

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue

import scala.jdk.CollectionConverters._

import dev.loadlab.requests.GatewayRequests
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** The gateway study's step: every request sits in a group named after its latency and arrival-rate step. */
object GatewayChains {
  def stepGroup(latencyMs: Int, stepRps: Int): String = s"latencyMs=$latencyMs stepRps=$stepRps"

  def arrival(payloadKb: Int, latencyMs: Int, stepRps: Int, timings: UpstreamTimings): ChainBuilder =
    group(stepGroup(latencyMs, stepRps))(exec(GatewayRequests.payload(payloadKb, latencyMs)))
      .exec(timings.record(latencyMs, stepRps))
}

/**
 * Client and upstream time of every gateway request, by step. simulation.log has no room for a response header,
 * so these rows go to `upstream-timing.csv` beside it; client minus upstream is the time spent in the gateway.
 */
final class UpstreamTimings {
  private val rows = new ConcurrentLinkedQueue[String]()

  def record(latencyMs: Int, stepRps: Int): Session => Session = { session =>
    val client = session(GatewayRequests.ClientMs).asOption[Int].fold("")(_.toString)
    val upstream = session(GatewayRequests.UpstreamMs).asOption[Double].fold("")(_.toString)
    rows.add(s"$latencyMs,$stepRps,${if (session.isFailed) "KO" else "OK"},$client,$upstream")
    session.remove(GatewayRequests.ClientMs).remove(GatewayRequests.UpstreamMs)
  }

  def write(file: Path): Unit =
    Files.write(file, ("latencyMs,stepRps,status,clientMs,upstreamMs" +: rows.asScala.toSeq).asJava, UTF_8)
}
