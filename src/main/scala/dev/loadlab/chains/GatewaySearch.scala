package dev.loadlab.chains

import java.nio.charset.StandardCharsets.UTF_8
import java.nio.file.{Files, Path}
import java.util.concurrent.ConcurrentLinkedQueue
import java.util.concurrent.atomic.AtomicInteger

import scala.collection.mutable
import scala.jdk.CollectionConverters._

import dev.loadlab.shared.CapacitySearch
import dev.loadlab.shared.CapacitySearch.{Criteria, Outcome, Phase, Tried}

/**
 * Drives the gateway study's search while the load runs (the rates come from [[CapacitySearch]], a pure function).
 *
 * Gatling fixes every injection profile before the run, so the simulation prepares "slots": one scenario each,
 * chained with `andThen` (a slot starts once every user of the one before has ended, i.e. every answer is in), each
 * injecting arrivals at the top rate for a step's duration. The first arrival of a slot judges the steps before it
 * and asks the search what this slot runs; the slot's arrivals are then thinned to that rate, evenly: arrival k is
 * sent when floor((k + 1) x rate / top) > floor(k x rate / top). Arrivals stay an open model (their times never
 * depend on answers); only which of them are sent follows the search. Latencies are searched one after another; with
 * `repeats` above 1 the whole sequence of latencies is searched again, from the first doubling step, that many times
 * (each a cell of its own: latency and repeat), so that the knees' spread shows.
 */
final class GatewaySearch(
    latenciesMs: Seq[Int],
    doublingRates: Seq[Int],
    resolutionRps: Int,
    criteria: Criteria,
    arrivalsPerSec: Int,
    injectors: Int = 1,
    repeats: Int = 1) {
  import GatewaySearch._

  private val rates = doublingRates.map(Int.box).asJava

  /** What is searched, in run order: each latency of each repeat. */
  private val cells: Seq[Cell] = for {
    repeat <- 1 to repeats
    latencyMs <- latenciesMs
  } yield Cell(latencyMs, repeat)
  val slots: Int = cells.size * CapacitySearch.maxSteps(rates, resolutionRps)

  private val decided = mutable.Map[Int, Option[Step]]()
  private val arrivals = Array.fill(slots)(new AtomicInteger)
  private val answers = Array.fill(slots)(new ConcurrentLinkedQueue[Answer])
  private val judged = mutable.ArrayBuffer[Judged]()

  /** What the next arrival of `slot` does. Slots run strictly one after another (andThen). */
  def arrive(slot: Int): Arrival = decide(slot) match {
    case None => Over
    case Some(step) =>
      val k = arrivals(slot).getAndIncrement().toLong
      if ((k + 1) * step.rateRps / arrivalsPerSec > k * step.rateRps / arrivalsPerSec) Send(step) else Skip
  }

  def record(step: Step, answer: Answer): Unit = answers(step.slot).add(answer)

  /** Every step run, judged, in the order it ran; call once the load has stopped. */
  def results(): Seq[Judged] = synchronized {
    judgeUpTo(slots)
    judged.toSeq
  }

  /** The search's answer per cell (latency and repeat), for the console and the closing lines. */
  def verdicts(): Seq[(Cell, CapacitySearch.Verdict)] = {
    val done = results()
    cells.indices.map(i => cells(i) -> CapacitySearch.verdict(rates, resolutionRps, tried(done, i).asJava))
  }

  /** gateway-steps.csv beside simulation.log: the steps in run order, with what the search judged them by. */
  def write(file: Path): Unit = {
    val header = "latencyMs,stepRps,phase,requests,errorPct,achievedRps,clientP95Ms,sustained,repeat"
    val rows = results().map { j =>
      val o = j.outcome
      s"${j.step.latencyMs},${j.step.rateRps},${j.phase.name.toLowerCase},${o.requests},${o.errorPct}," +
        s"${Option(o.achievedRps).fold("")(v => f"$v%.2f")},${Option(o.clientP95Ms).fold("")(_.toString)},${j.sustained}," +
        j.step.repeat
    }
    Files.write(file, (header +: rows).asJava, UTF_8)
  }

  private def decide(slot: Int): Option[Step] = synchronized {
    decided.getOrElseUpdate(
      slot, {
        judgeUpTo(slot)
        cells.indices.iterator.map { i =>
          val next = CapacitySearch.next(rates, resolutionRps, tried(judged.toSeq, i).asJava)
          if (next.isPresent) Some(Step(slot, i, cells(i).latencyMs, next.getAsInt, cells(i).repeat)) else None
        }.collectFirst { case Some(step) => step }
      }
    )
  }

  /** Judges the steps of the slots before `slot` not judged yet: every one of their users has ended. */
  private def judgeUpTo(slot: Int): Unit = (0 until slot).foreach { s =>
    decided.get(s).flatten.filterNot(step => judged.exists(_.step.slot == s)).foreach { step =>
      val outcome = outcomeOf(step, answers(s).asScala.toSeq, injectors)
      val sustained = criteria.sustained(outcome, step.latencyMs)
      val earlier = tried(judged.toSeq, step.cellIndex) :+ new Tried(step.rateRps, sustained)
      val phase = CapacitySearch.phases(rates, resolutionRps, earlier.asJava).asScala.last
      judged += Judged(step, outcome, sustained, phase)
    }
  }

  private def tried(done: Seq[Judged], cellIndex: Int): Seq[Tried] =
    done.filter(_.step.cellIndex == cellIndex).map(j => new Tried(j.step.rateRps, j.sustained))
}

object GatewaySearch {

  /** One search: an upstream latency, in its repeat (1 to repeats). */
  final case class Cell(latencyMs: Int, repeat: Int)

  /** What one slot runs: the cell (by its index in the run order), its latency, the arrival rate and the repeat. */
  final case class Step(slot: Int, cellIndex: Int, latencyMs: Int, rateRps: Int, repeat: Int = 1)

  final case class Answer(
      ok: Boolean,
      endEpochMs: Long,
      clientMs: Option[Int],
      upstreamMs: Option[Double],
      gatewayMs: Option[Double],
      queueMs: Option[Double] = None)

  final case class Judged(step: Step, outcome: Outcome, sustained: Boolean, phase: Phase)

  sealed trait Arrival
  final case class Send(step: Step) extends Arrival
  case object Skip extends Arrival
  case object Over extends Arrival

  /**
   * A step's figures: failed share, the rate its successful answers came at, client P95 (nearest rank). On one of
   * `injectors` injectors, this one offered its share of the step's rate: its answers' rate times their number is
   * what the step's whole rate is judged against.
   */
  def outcomeOf(step: Step, answers: Seq[Answer], injectors: Int = 1): Outcome = {
    val n = answers.size
    val failed = answers.count(!_.ok)
    val ends = answers.filter(_.ok).map(a => Long.box(a.endEpochMs))
    val client = answers.flatMap(_.clientMs).sorted
    val p95 = if (client.isEmpty) null else Long.box(client((math.ceil(0.95 * client.size).toInt - 1).max(0)).toLong)
    new Outcome(
      step.rateRps,
      n.toLong,
      if (n == 0) 0.0 else math.round(1000.0 * failed / n) / 10.0,
      Option(CapacitySearch.achievedRps(ends.asJava)).map(r => Double.box(r * injectors)).orNull,
      p95
    )
  }
}
