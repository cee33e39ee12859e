package dev.loadlab

import io.gatling.core.Predef._
import io.gatling.core.structure.{ChainBuilder, PopulationBuilder}

/** A stepped open model: arrival rates held one after another, each step its own population. */
object Steps {

  /**
   * One scenario per step, started when the steps before it have ended. Separate scenarios rather than one
   * injection profile, so that each user knows its step exactly (a clock-based guess is wrong at step edges).
   * Each step's name and arrival say its whole rate; this injector sends its share of it (Config.rate).
   */
  def populations(
      name: String,
      ratesPerSec: Seq[Int],
      stepSeconds: Int,
      offsetSeconds: Int,
      common: Common)(arrival: Int => ChainBuilder): Seq[PopulationBuilder] =
    ratesPerSec.zipWithIndex.map { case (rate, i) =>
      scenario(s"$name stepRps=$rate").exec(arrival(rate))
        .inject(
          nothingFor(offsetSeconds + i * stepSeconds),
          constantUsersPerSec(Config.rate(common, rate)).during(stepSeconds))
    }
}
