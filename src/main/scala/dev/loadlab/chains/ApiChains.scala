package dev.loadlab.chains

import java.util.concurrent.ConcurrentHashMap
import java.util.concurrent.atomic.LongAdder

import scala.concurrent.duration._

import dev.loadlab.requests.UserRequests
import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** The API-gateway study's journeys over the route of api.path. */
final class ApiChains(path: String) {
  private val getAllUsers = UserRequests.getAllUsers(path)

  /** A JMeter thread of the study: its requests back to back. */
  def requests(count: Int): ChainBuilder = repeat(count)(exec(getAllUsers))

  /** Closed loop as fast as answers come back; the warm-up group keeps JIT and connection set-up out of "measured". */
  def warmUpThenMeasure(warmUpSeconds: Int, measuredSeconds: Int): ChainBuilder =
    group("warm-up")(during(warmUpSeconds.seconds)(exec(getAllUsers)))
      .group("measured")(during(measuredSeconds.seconds)(exec(getAllUsers)))

  /** One arrival of a stress step; the whole run stops once a step's error rate passes `maxErrorPct`. */
  def stressArrival(stepRps: Int, errors: StepErrors, maxErrorPct: Double): ChainBuilder =
    group(s"stepRps=$stepRps")(exec(getAllUsers))
      .exec { session => errors.record(stepRps, session.isFailed); session }
      .stopLoadGeneratorIf(
        _ => s"loadlab: stress stopped at $stepRps rps: ${errors.percent(stepRps)}% errors > $maxErrorPct%".success,
        _ => errors.exceeded(stepRps, maxErrorPct).success
      )
}

/**
 * Error counts per stress step, shared by all users. A step is judged only once it has a second's worth of answers
 * (its rate, times `share`, this injector's part of it) and at least 20: before that its error rate is noise. The
 * first step's users arrive while the shared connection is still being set up (a TLS handshake on a fresh JVM took
 * about 450 ms here) and are all sent at once when it is ready; that burst overflowed the reference server's queue
 * with 5 of the first 22 answers 503, and stopped the run at 100 requests/s although the route serves 250.
 */
final class StepErrors(share: Double = 1.0) {
  private val MinAnswers = 20L
  private val answers = new ConcurrentHashMap[Int, (LongAdder, LongAdder)]()

  def record(step: Int, failed: Boolean): Unit = {
    val (all, ko) = answers.computeIfAbsent(step, _ => (new LongAdder, new LongAdder))
    all.increment()
    if (failed) ko.increment()
  }

  def percent(step: Int): Double = Option(answers.get(step)).fold(0.0) { case (all, ko) =>
    math.round(1000.0 * ko.sum / math.max(1L, all.sum)) / 10.0
  }

  def exceeded(step: Int, maxPercent: Double): Boolean =
    Option(answers.get(step)).exists { case (all, _) => all.sum >= minAnswers(step) } && percent(step) > maxPercent

  private def minAnswers(step: Int): Long = math.max(MinAnswers, math.ceil(step * share).toLong)
}
