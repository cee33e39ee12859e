package dev.loadlab.simulations

import java.nio.file.{Files, Path, Paths}

import scala.jdk.CollectionConverters._
import scala.util.Using

import dev.loadlab._
import dev.loadlab.chains.{GatewayChains, UpstreamTimings}
import io.gatling.core.Predef._

/**
 * The 100 KB GraphQL-gateway study: open model, arrival rate stepped 1, 2, 4 ... up to the top rate for each
 * synthetic upstream latency in turn, through `/gateway/payload`. Each request is grouped by its step, and its
 * client and upstream (Server-Timing) times go to upstream-timing.csv in the run folder, to find the knee; the
 * server's CPU and heap, polled from /metrics during the run, go to server-metrics.csv beside it.
 */
class GatewayCapacitySimulation extends LoadlabSimulation(Config.gateway)(_.common) {

  private val timings = new UpstreamTimings
  private val serverMetrics = new ServerMetricsPoller(common)
  private val stepsSeconds = config.ratesPerSec.size * config.stepSeconds

  // Latencies run one after another; the next starts once the last arrivals of the previous one could have answered.
  private val populations = config.latenciesMs.zipWithIndex.flatMap { case (latencyMs, i) =>
    val offset = config.latenciesMs.take(i).map(previous => stepsSeconds + previous / 1000 + 1).sum
    Steps.populations(s"latencyMs=$latencyMs", config.ratesPerSec, config.stepSeconds, offset)(rate =>
      GatewayChains.arrival(config.payloadKb, latencyMs, rate, timings))
  }

  // When idle (first step), the gateway may add at most assert.p95Ms to the upstream latency.
  private val idleLimits = config.latenciesMs.map { latencyMs =>
    details(GatewayChains.stepGroup(latencyMs, config.ratesPerSec.head) / "gateway payload")
      .responseTime.percentile(95).lte(latencyMs + common.maxP95Ms)
  }

  // Open model: every arrival is a new virtual user. With a pool of its own, each would open a new connection (and
  // TLS handshake), so the injector's connection set-up would be measured instead of the target. Shared, kept-alive
  // connections are what the studies' clients used.
  setUp(populations.toList)
    .protocols(httpProtocol.shareConnections)
    .assertions(global.failedRequests.percent.lte(common.maxErrorPct) +: idleLimits)

  override protected def beforeRun(): Unit = serverMetrics.start()

  override protected def afterRun(): Unit = newestRunFolder().foreach { folder =>
    timings.write(folder.resolve("upstream-timing.csv"))
    serverMetrics.stopAndWrite(folder.resolve("server-metrics.csv"))
    println(s"loadlab: upstream timings and server metrics written to ${folder.resolve("upstream-timing.csv")} and server-metrics.csv")
  }

  /** This run's folder: Gatling names it <simulation id>-<timestamp> and creates it before the load starts. */
  private def newestRunFolder(): Option[Path] = {
    // The build passes the folder it gives Gatling (-rf); a plain `mvn gatling:test` uses the plugin's default.
    val results = Paths.get(sys.props.getOrElse("gatling.resultsFolder", "target/gatling"))
    val prefix = getClass.getSimpleName.toLowerCase + "-"
    if (!Files.isDirectory(results)) None
    else Using.resource(Files.list(results))(_.iterator.asScala.toList)
      .filter(p => Files.isDirectory(p) && p.getFileName.toString.startsWith(prefix))
      .maxByOption(p => Files.getLastModifiedTime(p).toMillis)
  }
}
