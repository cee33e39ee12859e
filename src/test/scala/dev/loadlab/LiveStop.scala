package dev.loadlab

import java.nio.file.Path

import scala.jdk.OptionConverters._

import dev.loadlab.live.GatlingLive
import dev.loadlab.settings.{Settings, Wire}
import io.gatling.core.stats.writer.loadlab.Stoppable

/**
 * A `gate.limits` entry marked `:stop` ends a Gatling run as it goes: each response Gatling logs is judged
 * (dev.loadlab.live.GatlingLive), and the stop is Gatling's own `stopLoadGenerator`
 * (io.gatling.core.stats.writer.loadlab.Stoppable, every loadlab simulation's base).
 */
private[loadlab] object LiveStop {

  /** In a run of the build with a `:stop` limit: the judge of this simulation's responses, from before its load. */
  def watch(simulation: String, common: Common): Option[GatlingLive] = {
    val live = for {
      resolved <- sys.props.get(Settings.FILE_PROPERTY)
      wire <- Wire.ofId(common.wire).map(_.label).toScala
      live <- GatlingLive
        .start(Settings.fromSystem(), simulation, wire, Path.of(resolved).toAbsolutePath.getParent, () => stop())
        .toScala
    } yield live
    live.foreach(l => Stoppable.listen((name, start, end, ok) => l.response(name, start, end, ok)))
    live
  }

  /** After the load: nothing more is judged. */
  def done(live: Option[GatlingLive]): Unit = {
    live.foreach(_.finish())
    Stoppable.stopListening()
  }

  private def stop(): Unit =
    if (!Stoppable.stopLoadGenerator("loadlab: a gate.limits entry marked :stop was crossed"))
      println("loadlab: a :stop limit was crossed but Gatling's run is not known; the run goes on")
}
