package dev.loadlab

import java.net.URI
import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentLinkedQueue, Executors, TimeUnit}

import scala.jdk.CollectionConverters._
import scala.jdk.OptionConverters._

import dev.loadlab.settings.Engines
import dev.loadlab.shared.ListeningProcess
import dev.loadlab.studies.gatewaycapacity.GatewaySteps

/**
 * Polls the reference server's /metrics during a run, so that the report can show the server's CPU and memory per
 * load step: `server-metrics.csv` beside simulation.log. Where the server names its gateway route's upstream (another
 * process: the build starts one), that one's /metrics go to `upstream-metrics.csv` alike. Columns:
 * `epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections`. A target without /metrics on
 * this machine (loopback) gives its listening process's CPU and resident memory, read from /proc (the rest -1); one
 * elsewhere an empty file. The poll is one small HTTP/1.1 request, which /metrics does not count.
 *
 * With `subgraph` (gateway.subgraphUrl: loadlab's reference server behind a gateway of yours) that one is the upstream
 * polled, and at the end its own answers' times and the gateway's, where it keeps them (scripts/apollo-gateway.mjs),
 * go to `subgraph-answers.csv` and `gateway-answers.csv`: the study's subgraph and supergraph P95 without Server-Timing.
 */
final class ServerMetricsPoller(common: Common, subgraph: Option[String] = None) {
  // Steps last a second at smoke scale: four samples a second still place each step's CPU and memory.
  private val PollMillis = 250L
  private val AnswersPath = "/loadlab/answers" // served by loadlab's subgraph and scripts/apollo-gateway.mjs
  private val Header = "epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections"
  private val rows = new ConcurrentLinkedQueue[String]()
  private val upstreamRows = new ConcurrentLinkedQueue[String]()
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val t = new Thread(r, "loadlab-metrics-poller")
    t.setDaemon(true)
    t
  }
  // the target's /metrics asked once at start, for what it says of itself; None where it has none
  private lazy val firstMetrics = Target.metrics(common)
  // the upstream of the gateway route, where it is not the target itself
  private lazy val upstream: Option[String] = subgraph.orElse(firstMetrics
    .map(_.path("gateway").path("upstream").asText(""))
    .filter(u => u.nonEmpty && u != common.plainUrl))
  // a target without /metrics is read from its process where it runs here
  private lazy val targetProcess: Option[ListeningProcess] =
    if (firstMetrics.nonEmpty) None
    else Option(URI.create(common.plainUrl)).filter(u => Engines.isLoopback(u.getHost))
      .flatMap(u => ListeningProcess.onPort(u.getPort).toScala)

  def start(): Unit = scheduler.scheduleAtFixedRate(() => poll(), 0L, PollMillis, TimeUnit.MILLISECONDS)

  /** server-metrics.csv, and upstream-metrics.csv where an upstream was polled, in `folder`. */
  def stopAndWrite(folder: Path): Unit = {
    scheduler.shutdownNow()
    scheduler.awaitTermination(5, TimeUnit.SECONDS)
    poll()
    Files.write(folder.resolve("server-metrics.csv"), (Header +: rows.asScala.toSeq).asJava, UTF_8)
    if (upstream.nonEmpty)
      Files.write(folder.resolve("upstream-metrics.csv"), (Header +: upstreamRows.asScala.toSeq).asJava, UTF_8)
    subgraph.foreach { url =>
      Target.textAt(common, url + AnswersPath).foreach(Files.writeString(folder.resolve(GatewaySteps.SUBGRAPH_CSV), _))
      Target.textAt(common, common.plainUrl + AnswersPath)
        .foreach(Files.writeString(folder.resolve(GatewaySteps.GATEWAY_CSV), _))
    }
  }

  private def poll(): Unit = {
    targetProcess match {
      case Some(p) =>
        rows.add(s"${System.currentTimeMillis()},${p.cpuNanos},${Runtime.getRuntime.availableProcessors},-1,-1," +
          s"${p.residentBytes},-1")
      case None => Target.metrics(common).foreach(m => rows.add(row(m)))
    }
    upstream.foreach(u => Target.metricsAt(common, u).foreach(m => upstreamRows.add(row(m))))
  }

  private def row(m: com.fasterxml.jackson.databind.JsonNode): String =
    s"${System.currentTimeMillis()},${m.path("cpu").path("processCpuNanos").asLong(-1)},${m.path("cpu").path("cores").asInt(1)}," +
      s"${m.path("heap").path("usedBytes").asLong(-1)},${m.path("startupMs").asLong(-1)}," +
      s"${m.path("memory").path("residentBytes").asLong(-1)},${m.path("connections").path("open").asLong(-1)}"
}
