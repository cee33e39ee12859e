package dev.loadlab.simulations

import java.nio.file.{Files, Path, Paths}

import scala.jdk.CollectionConverters._
import scala.util.Using

import dev.loadlab._
import dev.loadlab.chains.{GatewayChains, GatewaySearch, UpstreamTimings}
import io.gatling.core.Predef._

/**
 * The 100 KB GraphQL-gateway study: open model through the contract's gateway route, for each synthetic upstream
 * latency in turn. The arrival rate doubles step by step (1, 2, 4 ... the top rate) until a step is not sustained
 * (CapacitySearch.Criteria: errors, answers keeping up with the offered rate, optionally P95), then a search between
 * the last sustained and the first broken rate finds the highest sustainable one, to gateway.searchResolutionRps
 * (see [[GatewaySearch]] for how a fixed injection profile follows it). Side files beside simulation.log:
 * gateway-steps.csv (each step: phase, offered and achieved rate, errors, verdict), upstream-timing.csv (client,
 * gateway, upstream and queue time of every request, from Server-Timing), server-metrics.csv and upstream-metrics.csv
 * (the gateway's and its upstream's CPU and memory, each process's own).
 *
 * On several injectors each offers its share of every step (the arrival rate divided by their number; the thinning
 * keeps the same fraction) and searches on its own: a step is judged on this injector's answers with their rate
 * scaled by the number of injectors. The injectors take the same steps only while they judge alike; the report merges
 * the requests of equally named steps, and each injector's gateway-steps.csv stays beside its own log.
 */
class GatewayCapacitySimulation extends LoadlabSimulation(Config.gateway)(_.common) {

  private val topRate = config.ratesPerSec.last
  private val search =
    new GatewaySearch(
      config.latenciesMs,
      config.ratesPerSec,
      config.resolutionRps,
      config.criteria,
      topRate,
      common.injector.count,
      common.repeats)
  private val timings = new UpstreamTimings
  private val serverMetrics = new ServerMetricsPoller(common, config.subgraphUrl)

  // One scenario per slot, each starting once every user of the one before has ended, after the cool-down.
  private val slots = (0 until search.slots).map { slot =>
    val coolDown = if (slot == 0 || config.coolDownSeconds == 0) Nil else Seq(nothingFor(config.coolDownSeconds))
    scenario(f"gateway step ${slot + 1}%02d")
      .exec(GatewayChains.arrival(slot, search, timings, config.request, config.payloadKb))
      .inject(coolDown :+ constantUsersPerSec(Config.rate(common, topRate)).during(config.stepSeconds))
  }

  // The search's answer is the knee: the steps past it fail by design, so errors over the whole run judge nothing (at
  // full scale they came to 5 % over TLS). What must hold is the idle gateway: each latency's first step within
  // assert.maxErrorPct, its P95 at most assert.p95Ms above the upstream latency.
  private val idleLimits = config.latenciesMs.flatMap { latencyMs =>
    val firstStep = details(GatewayChains.stepGroup(latencyMs, config.ratesPerSec.head) / "gateway payload")
    Seq(
      firstStep.failedRequests.percent.lte(common.maxErrorPct),
      firstStep.responseTime.percentile(95).lte(latencyMs + common.maxP95Ms))
  }

  // Open model: every arrival is a new virtual user. With a pool of its own, each would open a new connection (and
  // TLS handshake), so the injector's connection set-up would be measured instead of the target. Shared, kept-alive
  // connections keep it out; over h2 Gatling opens another connection whenever every open one has the server's
  // SETTINGS_MAX_CONCURRENT_STREAMS in flight (the report counts each step's connections).
  setUp(slots.reduceRight((slot, rest) => slot.andThen(rest)))
    .protocols(httpProtocol.shareConnections)
    .assertions(idleLimits)

  override protected def beforeRun(): Unit = {
    println(s"loadlab: gateway search: doubling ${config.ratesPerSec.mkString(", ")} requests/s, then to " +
      s"${config.resolutionRps} requests/s; a step is sustained with ${config.criteria.describe()}" +
      (if (common.repeats > 1) s"; each latency searched ${common.repeats} times (repeats)" else ""))
    serverMetrics.start()
  }

  override protected def afterRun(): Unit = {
    search.results().foreach { j =>
      val repeat = if (common.repeats > 1) s" repeat ${j.step.repeat}" else ""
      println(f"loadlab: gateway latencyMs=${j.step.latencyMs}$repeat ${j.phase.name.toLowerCase}%-8s " +
        f"${j.step.rateRps}%5d requests/s offered, ${Option(j.outcome.achievedRps).fold("n/a")(v => f"$v%.1f")} " +
        s"achieved, ${j.outcome.errorPct} % errors, client P95 ${Option(j.outcome.clientP95Ms).fold("n/a")(_.toString)} ms: " +
        (if (j.sustained) "sustained" else "NOT sustained"))
    }
    search.verdicts().foreach { case (cell, v) =>
      val repeat = if (common.repeats > 1) s" repeat ${cell.repeat} of ${common.repeats}" else ""
      println(s"loadlab: gateway latencyMs=${cell.latencyMs}$repeat max sustainable rate: " + (
        if (v.maxSustainableRps == null) "none (the first step already broke)"
        else if (v.firstBrokenRps == null) s">= ${v.maxSustainableRps} requests/s (no step broke)"
        else s"${v.maxSustainableRps} requests/s (${v.firstBrokenRps} broke)"))
    }
    newestRunFolder().foreach { folder =>
      search.write(folder.resolve("gateway-steps.csv"))
      timings.write(folder.resolve("upstream-timing.csv"))
      serverMetrics.stopAndWrite(folder)
      println(s"loadlab: gateway steps, timings and server metrics written to $folder")
    }
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
