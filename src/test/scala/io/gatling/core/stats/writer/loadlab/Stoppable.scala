package io.gatling.core.stats.writer.loadlab

import scala.concurrent.Promise
import scala.concurrent.duration.FiniteDuration

import io.gatling.commons.stats.OK
import io.gatling.core.action.Action
import io.gatling.core.action.builder.ActionBuilder
import io.gatling.core.actor.ActorRef
import io.gatling.core.controller.Controller
import io.gatling.core.scenario.{Simulation, SimulationParams}
import io.gatling.core.stats.{DataWritersStatsEngine, StatsEngine}
import io.gatling.core.stats.writer.DataWriterMessage
import io.gatling.core.structure.{PopulationBuilder, ScenarioBuilder, ScenarioContext}

/**
 * What a `:stop` limit needs of Gatling that Gatling keeps to its own packages: each response as the stats engine
 * logs it, and the run's controller, to which `stopLoadGenerator` sends its command. Scala opens a member kept to a
 * package (a simulation's scenarios, the controller's commands, a writer's stop) to the packages inside it, hence this
 * one; the stats engine's writers are private to it and are reached by reflection. The rest is dev.loadlab's
 * (LiveStop). Without a `:stop` limit nothing changes but one action builder per scenario that adds no action.
 */
abstract class Stoppable extends Simulation {
  override private[gatling] def params: SimulationParams = Stoppable.tapping(super.params)
}

object Stoppable {

  /** A response: its request's name, start and end (epoch ms), and whether it was OK. */
  type Listener = (String, Long, Long, Boolean) => Unit

  @volatile private var listener: Option[Listener] = None
  @volatile private var controller: Option[ActorRef[Controller.Command]] = None

  /** Set before the load (a simulation's `before`): the scenarios, built after it, hand it each response. */
  def listen(l: Listener): Unit = listener = Some(l)

  /** After the load: the next simulation in this JVM starts without one. */
  def stopListening(): Unit = listener = None

  /**
   * Built with each scenario, it keeps the run's controller and, with a listener, adds it to the stats engine's
   * writers; it adds no action: nothing runs per user.
   */
  private object Tap extends ActionBuilder {
    override def build(ctx: ScenarioContext, next: Action): Action = {
      controller = Some(ctx.coreComponents.controller)
      if (listener.isDefined) addWriter(ctx.coreComponents.statsEngine)
      next
    }
  }

  /** A writer that is no file: each response to the listener; a stop answered at once, as Gatling waits for it. */
  private object ListenerWriter extends ActorRef[DataWriterMessage] {
    override def !(message: DataWriterMessage): Unit = message match {
      case r: DataWriterMessage.LoadEvent.Response =>
        listener.foreach(_(r.name, r.startTimestamp, r.endTimestamp, r.status == OK))
      case s: DataWriterMessage.Stop => s.stopPromise.trySuccess(())
      case _                         =>
    }
    override def name: String = "loadlab-stop-limits"
    override def replyPromise[Reply](timeout: FiniteDuration): Promise[Reply] = Promise[Reply]()
  }

  private def addWriter(engine: StatsEngine): Unit = engine match {
    case e: DataWritersStatsEngine =>
      val field = classOf[DataWritersStatsEngine].getDeclaredField("dataWriters")
      field.setAccessible(true)
      e.synchronized {
        val writers = field.get(e).asInstanceOf[Seq[ActorRef[DataWriterMessage]]]
        if (!writers.contains(ListenerWriter)) field.set(e, writers :+ ListenerWriter)
      }
    case other =>
      println(s"loadlab: Gatling's stats engine is a ${other.getClass.getName}: no :stop limit can be judged")
  }

  def tapping(p: SimulationParams): SimulationParams =
    new SimulationParams(
      p.name,
      p.rootPopulationBuilders.map(tapping),
      p.globalProtocols,
      p.globalPauseType,
      p.globalThrottleSteps,
      p.maxDuration,
      p.assertions,
      p.before,
      p.after
    )

  private def tapping(pb: PopulationBuilder): PopulationBuilder =
    pb.copy(
      scenarioBuilder = new ScenarioBuilder(pb.scenarioBuilder.name, pb.scenarioBuilder.actionBuilders :+ Tap),
      children = pb.children.map(_.map(tapping))
    )

  /** Gatling's own stopLoadGenerator: the users stop, the run ends as at its end; false when no run is known. */
  def stopLoadGenerator(message: String): Boolean =
    controller match {
      case Some(c) =>
        c ! Controller.Command.StopLoadGenerator(message, false)
        true
      case None => false
    }
}
