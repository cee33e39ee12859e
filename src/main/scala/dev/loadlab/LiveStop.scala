package dev.loadlab

import java.nio.file.Path

import scala.jdk.OptionConverters._

import dev.loadlab.gatling.GatlingInternals
import dev.loadlab.live.GatlingLive
import dev.loadlab.settings.{Settings, Wire}
import io.gatling.commons.stats.OK
import io.gatling.commons.validation._
import io.gatling.core.action.{Action, StopLoadGenerator}
import io.gatling.core.session.Session

/**
 * A `gate.limits` entry marked `:stop` ends a Gatling run as it goes: each response Gatling logs is judged
 * (dev.loadlab.live.GatlingLive), and the stop is Gatling's own `stopLoadGenerator` action, run once on a session of
 * its own. What Gatling does not offer publicly (each response, the run's components) is dev.loadlab.gatling's
 * GatlingInternals, whose TappedSimulation every loadlab simulation extends.
 */
private[loadlab] object LiveStop {

  /** In a run of the build with a `:stop` limit: the judge of this simulation's responses, from before its load. */
  def watch(simulation: String, common: Common): Option[GatlingLive] = {
    val live = for {
      resolved <- sys.props.get(Settings.FILE_PROPERTY)
      wire <- Wire.ofId(common.wire).toScala
      live <- GatlingLive
        .start(
          Settings.fromSystem(),
          simulation,
          wire.id,
          wire.label,
          Path.of(resolved).toAbsolutePath.getParent,
          () => stop())
        .toScala
    } yield live
    live.foreach(l =>
      GatlingInternals.listen(new GatlingInternals.Listener {
        def response(name: String, start: Long, end: Long, ok: Boolean, message: String): Unit =
          l.response(name, start, end, ok, message)
        override def user(start: Boolean): Unit = l.user(start)
      }))
    live
  }

  /** After the load: nothing more is judged. */
  def done(live: Option[GatlingLive]): Unit = {
    live.foreach(_.finish())
    GatlingInternals.stopListening()
  }

  private val Message = "loadlab: a gate.limits entry marked :stop was crossed"

  /** Gatling's stopLoadGenerator: the users stop, the run ends as at its end. */
  private[loadlab] def stop(): Unit =
    GatlingInternals.run().toScala match {
      case Some(run) =>
        val noNext: Action = null // the action sends its command and never goes on: its condition is true
        new StopLoadGenerator(_ => Message.success, _ => true.success, false, run.statsEngine, run.controller, noNext)
          .execute(Session("loadlab :stop", 0, Map.empty, OK, Nil, _ => (), null))
      case None => println("loadlab: a :stop limit was crossed but Gatling's run is not known; the run goes on")
    }
}
