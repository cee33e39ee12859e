package dev.loadlab

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.{ConcurrentLinkedQueue, Executors, TimeUnit}

import scala.jdk.CollectionConverters._

/**
 * Polls the reference server's /metrics during a run, so that the report can show the server's CPU and heap per
 * load step: `server-metrics.csv` (`epochMs,processCpuNanos,cores,heapUsedBytes,startupMs`) beside simulation.log.
 * Targets without /metrics give an empty file. The poll is one small HTTP/1.1 request, which /metrics does not count.
 */
final class ServerMetricsPoller(common: Common) {
  // Steps last a second at smoke scale: four samples a second still place each step's CPU and heap.
  private val PollMillis = 250L
  private val rows = new ConcurrentLinkedQueue[String]()
  private val scheduler = Executors.newSingleThreadScheduledExecutor { r =>
    val t = new Thread(r, "loadlab-metrics-poller")
    t.setDaemon(true)
    t
  }

  def start(): Unit = scheduler.scheduleAtFixedRate(() => poll(), 0L, PollMillis, TimeUnit.MILLISECONDS)

  def stopAndWrite(file: Path): Unit = {
    scheduler.shutdownNow()
    scheduler.awaitTermination(5, TimeUnit.SECONDS)
    poll()
    Files.write(file, ("epochMs,processCpuNanos,cores,heapUsedBytes,startupMs" +: rows.asScala.toSeq).asJava, UTF_8)
  }

  private def poll(): Unit = Target.metrics(common).foreach { m =>
    val now = System.currentTimeMillis()
    rows.add(s"$now,${m.path("cpu").path("processCpuNanos").asLong(-1)},${m.path("cpu").path("cores").asInt(1)}," +
      s"${m.path("heap").path("usedBytes").asLong(-1)},${m.path("startupMs").asLong(-1)}")
  }
}
