package dev.loadlab

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentLinkedQueue, Executors, TimeUnit}

import scala.jdk.CollectionConverters._

/**
 * Polls the reference server's /metrics during a run, so that the report can show the server's CPU and memory per
 * load step: `server-metrics.csv` beside simulation.log. Where the server names its gateway route's upstream (another
 * process: the build starts one), that one's /metrics go to `upstream-metrics.csv` alike. Columns:
 * `epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections`. Targets without /metrics give an empty file.
 * The poll is one small HTTP/1.1 request, which /metrics does not count.
 */
final class ServerMetricsPoller(common: Common) {
  // Steps last a second at smoke scale: four samples a second still place each step's CPU and memory.
  private val PollMillis = 250L
  private val Header = "epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections"
  private val rows = new ConcurrentLinkedQueue[String]()
  private val upstreamRows = new ConcurrentLinkedQueue[String]()
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val t = new Thread(r, "loadlab-metrics-poller")
    t.setDaemon(true)
    t
  }
  // asked once: the upstream of the gateway route, where it is not the target itself
  private lazy val upstream: Option[String] = Target.metrics(common)
    .map(_.path("gateway").path("upstream").asText(""))
    .filter(u => u.nonEmpty && u != common.plainUrl)

  def start(): Unit = scheduler.scheduleAtFixedRate(() => poll(), 0L, PollMillis, TimeUnit.MILLISECONDS)

  /** server-metrics.csv, and upstream-metrics.csv where an upstream was polled, in `folder`. */
  def stopAndWrite(folder: Path): Unit = {
    scheduler.shutdownNow()
    scheduler.awaitTermination(5, TimeUnit.SECONDS)
    poll()
    Files.write(folder.resolve("server-metrics.csv"), (Header +: rows.asScala.toSeq).asJava, UTF_8)
    if (upstream.nonEmpty)
      Files.write(folder.resolve("upstream-metrics.csv"), (Header +: upstreamRows.asScala.toSeq).asJava, UTF_8)
  }

  private def poll(): Unit = {
    Target.metrics(common).foreach(m => rows.add(row(m)))
    upstream.foreach(u => Target.metricsAt(common, u).foreach(m => upstreamRows.add(row(m))))
  }

  private def row(m: com.fasterxml.jackson.databind.JsonNode): String =
    s"${System.currentTimeMillis()},${m.path("cpu").path("processCpuNanos").asLong(-1)},${m.path("cpu").path("cores").asInt(1)}," +
      s"${m.path("heap").path("usedBytes").asLong(-1)},${m.path("startupMs").asLong(-1)}," +
      s"${m.path("memory").path("residentBytes").asLong(-1)},${m.path("connections").path("open").asLong(-1)}"
}
