package dev.loadlab.chains

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class StepErrorsTest {

  private def step(ok: Int, ko: Int): StepErrors = {
    val errors = new StepErrors
    (1 to ok).foreach(_ => errors.record(400, failed = false))
    (1 to ko).foreach(_ => errors.record(400, failed = true))
    errors
  }

  @Test def aStepPassesTheLimitWhenItsErrorRateIsAboveIt(): Unit = {
    assertTrue(step(ok = 17, ko = 3).exceeded(400, 10.0))
    assertEquals(15.0, step(ok = 17, ko = 3).percent(400))
  }

  @Test def aStepAtTheLimitDoesNotStopTheRun(): Unit =
    assertFalse(step(ok = 18, ko = 2).exceeded(400, 10.0))

  @Test def tooFewAnswersNeverStopTheRun(): Unit =
    assertFalse(step(ok = 0, ko = 19).exceeded(400, 10.0))

  @Test def stepsAreCountedApart(): Unit =
    assertFalse(step(ok = 0, ko = 50).exceeded(800, 10.0))
}
