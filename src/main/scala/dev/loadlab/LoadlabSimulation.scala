package dev.loadlab

import scala.jdk.CollectionConverters._

import dev.loadlab.settings.{SettingError, Settings}
import dev.loadlab.shared.ErrorCopy
import io.gatling.core.Predef._
import io.gatling.http.protocol.HttpProtocolBuilder

/**
 * What every loadlab simulation does around its load: read and check its knobs and the target before anything is
 * sent (a bad value or a silent target is one line and exit status 1), and afterwards show from the server's own
 * counters which protocol the run really spoke. Subclasses only wire an injection profile and assertions.
 */
abstract class LoadlabSimulation[C](read: Settings => C)(commonOf: C => Common)
    extends dev.loadlab.gatling.GatlingInternals.TappedSimulation {

  protected final val config: C = LoadlabSimulation.startOrExit(getClass.getSimpleName, read, commonOf)
  protected final val common: Common = commonOf(config)

  /** Holds every request to the build's reach, and counts where each went. */
  protected final val hostGuard = new dev.loadlab.shared.HostGuard(common.reach)
  protected final val httpProtocol: HttpProtocolBuilder = Target.httpProtocol(common, hostGuard)

  /** Extra work just before the load starts (e.g. starting a poller). */
  protected def beforeRun(): Unit = ()

  /** Extra work once the load has stopped (e.g. writing side results); runs before the protocol check. */
  protected def afterRun(): Unit = ()

  private val around = new LoadlabSimulation.Around(getClass.getSimpleName, common, hostGuard)

  before {
    around.beforeLoad()
    beforeRun()
  }

  after {
    afterRun()
    around.afterLoad()
  }
}

object LoadlabSimulation {

  /**
   * Before the load: wait for the injectors' start, note the server's counts, watch the `:stop` limits; after it: the
   * rest of the watch, and the protocol the server counted.
   */
  private[loadlab] final class Around(simulation: String, common: Common, guard: dev.loadlab.shared.HostGuard) {
    @volatile private var countsBefore: Option[Map[String, Long]] = None
    @volatile private var live: Option[dev.loadlab.live.GatlingLive] = None

    def beforeLoad(): Unit = {
      awaitStart(common)
      countsBefore = Target.requestsByProtocol(common)
      live = LiveStop.watch(simulation, common)
    }

    def afterLoad(): Unit = {
      LiveStop.done(live)
      reachCounted()
      protocolCounted()
    }

    /**
     * Where the requests went, by target, and what was not sent, by host: beside the run's results, for the report
     * (a run of the build only), and in one line when something was blocked.
     */
    private def reachCounted(): Unit = {
      val blocked = guard.blocked().asScala
      if (blocked.nonEmpty)
        println(s"loadlab: $simulation: not sent, to hosts no target of this build is on: ${blocked.map { case (h, n) =>
            s"$h ($n)"
          }.mkString(", ")}")
      for (_ <- sys.props.get("loadlab.wire"); folder <- sys.props.get("gatling.resultsFolder")) {
        val file = java.nio.file.Path.of(folder, dev.loadlab.shared.HostGuard.COUNTS_DIR, s"$simulation.tsv")
        java.nio.file.Files.createDirectories(file.getParent)
        java.nio.file.Files.write(file, guard.countLines())
      }
    }

    private def protocolCounted(): Unit =
      for (before <- countsBefore; after <- Target.requestsByProtocol(common)) {
        val added = after.map { case (name, n) => name -> (n - before.getOrElse(name, 0L)) }
        println(s"loadlab: server /metrics counted during this run: ${added.toSeq.sorted.map { case (k, v) =>
            s"$k=$v"
          }.mkString(" ")}")
        // The point of protocol=http2 is to measure h2: a run that fell back to HTTP/1.1 must not pass as one.
        if (common.protocol == Protocol.Http2 && added.getOrElse("h2", 0L) == 0L)
          throw new IllegalStateException(
            "loadlab: protocol=http2 but the server counted no h2 request during this run")
      }
  }

  /**
   * Waits for injector.startAt: injectors whose builds start seconds apart then send together, so that the merged
   * figures are of one load. Only the first simulation of a build waits; the next ones follow it alike on every
   * injector.
   */
  private def awaitStart(c: Common): Unit =
    for (at <- c.startAt) {
      val waitMs = at.toEpochMilli - System.currentTimeMillis()
      if (waitMs > 0) {
        println(s"loadlab: injector ${c.injector.index}/${c.injector.count} waits ${(waitMs + 999) / 1000} s for injector.startAt=$at")
        Thread.sleep(waitMs)
      }
    }

  /**
   * In a run of the build, standard error is copied beside the run's results (once per JVM), so that the build's crash
   * check (dev.loadlab.steps.GatlingCrashes) can say in one line why a simulation crashed.
   */
  private lazy val copyErrors: Unit =
    for (_ <- sys.props.get("loadlab.wire"); folder <- sys.props.get("gatling.resultsFolder"))
      ErrorCopy.install(java.nio.file.Path.of(folder, ErrorCopy.FILE))

  private[loadlab] def startOrExit[C](simulation: String, read: Settings => C, commonOf: C => Common): C =
    orExit(simulation) {
      copyErrors
      val config = read(InProcessTarget.settings(Settings.fromSystem()))
      val c = commonOf(config)
      Target.requireAnswer(c)
      println(s"loadlab: $simulation scale=${c.scale.name} protocol=${c.protocol.name} target=${c.baseUrl}")
      dev.loadlab.steps.Progress.gatlingStarting(simulation)
      config
    }

  /** `block`, or a setting it refuses as one line and exit status 1, before any load. */
  def orExit[A](simulation: String)(block: => A): A =
    try block
    catch {
      case e: SettingError =>
        System.out.flush()
        System.err.println(s"loadlab: $simulation: ${e.getMessage}")
        System.err.flush()
        sys.exit(1)
    }
}
