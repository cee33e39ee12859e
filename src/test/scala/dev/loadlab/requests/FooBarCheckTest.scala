package dev.loadlab.requests

import java.nio.charset.StandardCharsets.UTF_8

import dev.loadlab.{GatlingConfigured, IdType}
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.{AfterAll, Test}

/**
 * The latency experiment's checks (UserRequests.fooBar) on answers of a real server (CheckedAnswers): one that answers
 * as the study's router does (string ids, its 60-byte document) and one that sends numbers.
 */
class FooBarCheckTest {
  import FooBarCheckTest._

  /** The request's checks on the answer of `route`: None when they all pass, else Gatling's failure message. */
  private def failure(route: String, idType: IdType, fooId: Int = 2, barId: Int = 3): Option[String] =
    answers.failure(
      UserRequests.fooBar("/foo/2/bar/3", idType, fooId, barId, closeConnection = false).httpAttributes.checks,
      route)

  @Test def aTargetAnsweringWithTheStudysStringIdsPassesTheDefaultCheck(): Unit = {
    assertEquals(60, StudyBody.getBytes(UTF_8).length)
    assertEquals(None, failure("/study/foo/2/bar/3", IdType.Text))
  }

  @Test def theStringCheckStillComparesTheIds(): Unit =
    assertEquals(
      Some("bodyBytes.find.valid answer, wrong answer: foo_id is not the JSON string \"5\""),
      failure("/study/foo/2/bar/3", IdType.Text, fooId = 5))

  @Test def theStringCheckRefusesNumbers(): Unit =
    assertTrue(failure("/numbers/foo/2/bar/3", IdType.Text).exists(_.contains("wrong answer: foo_id")))

  @Test def theNumberCheckRefusesTheStudysStringIdsAsTheOldCheckDid(): Unit =
    assertTrue(failure("/study/foo/2/bar/3", IdType.Number).exists(_.contains("wrong answer: foo_id")))

  @Test def theNumberCheckPassesATargetThatSendsNumbers(): Unit =
    assertEquals(None, failure("/numbers/foo/2/bar/3", IdType.Number))

  @Test def noneChecksTheStatusOnly(): Unit = {
    assertEquals(None, failure("/numbers/foo/2/bar/3", IdType.Unchecked))
    assertTrue(failure("/missing", IdType.Unchecked).exists(_.contains("404")))
  }
}

object FooBarCheckTest {
  // checks are built with Gatling's configuration
  GatlingConfigured.ensure()

  /** The study's router's answer to /foo/2/bar/3: json.dumps of its dict, "Document Length: 60 bytes". */
  val StudyBody = """{"foo_id": "2", "bar_id": "3", "message": "all bars by foo"}"""
  val NumberBody = """{"foo_id":2,"bar_id":3,"message":"all bars by foo"}"""

  private val answers = new CheckedAnswers("/study/" -> StudyBody, "/numbers/" -> NumberBody)

  @AfterAll def stop(): Unit = answers.stop()
}
