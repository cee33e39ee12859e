package dev.loadlab.chains

import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class StepErrorsTest {

  /** `ok` and `ko` answers of a step of `rate` requests/s, of which this injector sends `share`. */
  private def step(ok: Int, ko: Int, rate: Int = 10, share: Double = 1.0): StepErrors = {
    val errors = new StepErrors(share)
    (1 to ok).foreach(_ => errors.record(rate, failed = false))
    (1 to ko).foreach(_ => errors.record(rate, failed = true))
    errors
  }

  @Test def aStepPassesTheLimitWhenItsErrorRateIsAboveIt(): Unit = {
    assertTrue(step(ok = 17, ko = 3).exceeded(10, 10.0))
    assertEquals(15.0, step(ok = 17, ko = 3).percent(10))
  }

  @Test def aStepAtTheLimitDoesNotStopTheRun(): Unit =
    assertFalse(step(ok = 18, ko = 2).exceeded(10, 10.0))

  @Test def tooFewAnswersNeverStopTheRun(): Unit =
    assertFalse(step(ok = 0, ko = 19).exceeded(10, 10.0))

  @Test def stepsAreCountedApart(): Unit =
    assertFalse(step(ok = 0, ko = 50).exceeded(20, 10.0))

  @Test def aStepIsJudgedOnlyOnceItHasASecondsWorthOfAnswers(): Unit = {
    // the first step's burst, sent at once when the shared connection was ready: 5 of the first 22 answers 503
    assertFalse(step(ok = 17, ko = 5, rate = 100).exceeded(100, 10.0))
    assertFalse(step(ok = 95, ko = 5, rate = 100).exceeded(100, 10.0))
    assertTrue(step(ok = 85, ko = 15, rate = 100).exceeded(100, 10.0))
  }

  @Test def anInjectorJudgesASecondOfItsOwnShareOfTheStep(): Unit = {
    assertTrue(step(ok = 40, ko = 10, rate = 100, share = 0.5).exceeded(100, 10.0))
    assertFalse(step(ok = 30, ko = 10, rate = 100, share = 0.5).exceeded(100, 10.0))
  }
}
