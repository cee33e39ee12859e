package dev.loadlab.chains

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue

import scala.jdk.CollectionConverters._

import dev.loadlab.requests.GatewayRequests
import dev.loadlab.shared.Repeats
import dev.loadlab.studies.gatewaycapacity.GatewayRequest
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/**
 * The gateway study's arrival: every request sits in a group named after its latency and rate step. Each arrival
 * of a slot asks the search what that slot runs; it is sent, thinned out, or (the search being over) ends the run.
 */
object GatewayChains {

  /** A step's group: the first repeat's as before repeats were, a later one's with its number. */
  def stepGroup(latencyMs: Int, stepRps: Int, repeat: Int = 1): String =
    s"latencyMs=$latencyMs stepRps=$stepRps" + Repeats.suffix(repeat)

  private val StepKey = "gatewayStep"
  private val OverKey = "gatewaySearchOver"

  def arrival(slot: Int, search: GatewaySearch, timings: UpstreamTimings, request: GatewayRequest, kb: Int)
      : ChainBuilder =
    exec { session =>
      search.arrive(slot) match {
        case GatewaySearch.Send(step) => session.set(StepKey, step).set(GatewayRequests.LatencyMs, step.latencyMs)
        case GatewaySearch.Skip => session
        case GatewaySearch.Over => session.set(OverKey, true)
      }
    }.doIf(_.contains(StepKey)) {
      group(session => stepGroup(step(session).latencyMs, step(session).rateRps, step(session).repeat).success)(
        exec(GatewayRequests.payload(request, kb)))
        .exec { session =>
          val s = step(session)
          val answer = GatewaySearch.Answer(
            ok = !session.isFailed,
            endEpochMs = System.currentTimeMillis(),
            clientMs = session(GatewayRequests.ClientMs).asOption[Int],
            upstreamMs = session(GatewayRequests.UpstreamMs).asOption[Double],
            gatewayMs = session(GatewayRequests.GatewayMs).asOption[Double],
            queueMs = session(GatewayRequests.QueueMs).asOption[Double]
          )
          search.record(s, answer)
          timings.record(s, answer)
          session.removeAll(
            GatewayRequests.ClientMs,
            GatewayRequests.UpstreamMs,
            GatewayRequests.GatewayMs,
            GatewayRequests.QueueMs)
        }
    }.doIf(_.contains(OverKey)) {
      // the slots left over once the search has its answer are not run: end the simulation (no failure)
      stopLoadGenerator("loadlab: gateway search finished; the remaining step slots are not needed")
    }

  private def step(session: Session): GatewaySearch.Step = session(StepKey).as[GatewaySearch.Step]
}

/**
 * Client, gateway, upstream and queue time of every gateway request, by step. simulation.log has no room for a
 * response header, so these rows go to `upstream-timing.csv` beside it; gateway minus upstream is the time in the
 * gateway, of which the queue is the wait for an upstream connection.
 * An empty field: the target did not say (no Server-Timing metric of that name), or the request failed early.
 */
final class UpstreamTimings {
  private val rows = new ConcurrentLinkedQueue[String]()

  def record(step: GatewaySearch.Step, a: GatewaySearch.Answer): Unit =
    rows.add(s"${step.latencyMs},${step.rateRps},${if (a.ok) "OK" else "KO"},${a.clientMs.fold("")(_.toString)}," +
      s"${a.upstreamMs.fold("")(_.toString)},${a.gatewayMs.fold("")(_.toString)},${a.queueMs.fold("")(_.toString)}," +
      step.repeat)

  def write(file: Path): Unit =
    Files.write(
      file,
      ("latencyMs,stepRps,status,clientMs,upstreamMs,gatewayMs,queueMs,repeat" +: rows.asScala.toSeq).asJava,
      UTF_8)
}
