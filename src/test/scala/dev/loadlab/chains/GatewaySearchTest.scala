package dev.loadlab.chains

import dev.loadlab.shared.CapacitySearch.Criteria
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class GatewaySearchTest {

  /** Runs every slot as the simulation would, `ok` deciding each answer of a step; returns the steps judged. */
  private def run(search: GatewaySearch, ok: GatewaySearch.Step => Boolean): Seq[GatewaySearch.Judged] = {
    (0 until search.slots).foreach { slot =>
      var over = false
      var arrivals = 0
      while (!over && arrivals < 8) {
        search.arrive(slot) match {
          case GatewaySearch.Send(step) =>
            search.record(step, GatewaySearch.Answer(ok(step), System.currentTimeMillis(), Some(1), None, None))
          case GatewaySearch.Skip =>
          case GatewaySearch.Over => over = true
        }
        arrivals += 1
      }
    }
    search.results()
  }

  @Test def eachRepeatSearchesEveryLatencyAgainFromTheFirstStep(): Unit = {
    val search = new GatewaySearch(Seq(100, 200), Seq(1, 2, 4), 1, new Criteria(1.0, 0.0, 0), 4, repeats = 2)
    // the first repeat breaks at 4 requests/s, the second already at 2: each searches on its own verdicts
    val judged = run(search, step => step.rateRps < (if (step.repeat == 1) 4 else 2))

    assertEquals(
      Seq((1, 100), (1, 200), (2, 100), (2, 200)),
      judged.map(j => (j.step.repeat, j.step.latencyMs)).distinct,
      "the repeats in turn, each over every latency")
    assertEquals(Seq(1, 2, 4, 3), judged.filter(j => j.step.repeat == 1 && j.step.latencyMs == 100).map(_.step.rateRps))
    assertEquals(Seq(1, 2), judged.filter(j => j.step.repeat == 2 && j.step.latencyMs == 100).map(_.step.rateRps))
    assertEquals(
      Seq(1 -> 100 -> 3, 1 -> 200 -> 3, 2 -> 100 -> 1, 2 -> 200 -> 1),
      search.verdicts().map { case (cell, v) => cell.repeat -> cell.latencyMs -> v.maxSustainableRps.intValue })
    assertEquals("latencyMs=100 stepRps=4 repeat=2", GatewayChains.stepGroup(100, 4, 2))
    assertEquals("latencyMs=100 stepRps=4", GatewayChains.stepGroup(100, 4, 1))
  }
}
