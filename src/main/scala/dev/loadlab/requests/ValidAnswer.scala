package dev.loadlab.requests

import java.util.Optional

import scala.jdk.OptionConverters._

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.http.Predef._
import io.gatling.http.check.HttpCheck

/**
 * A check of the answer's body where a study fixes what the answer is: `problem` says what is wrong with it, in one of
 * the forms of dev.loadlab.shared.Answers (the same definition JMeter's assertions ask), and fails the request with
 * it, so that the report counts it as an invalid answer of its own kind.
 */
object ValidAnswer {

  /** The check's name, as Gatling's failure message gives it before the problem ("valid answer, graphql error: ..."). */
  val Name = "valid answer"

  def of(problem: Array[Byte] => Optional[String]): HttpCheck =
    bodyBytes.validate(
      Name,
      (body: Option[Array[Byte]], _: Session) =>
        problem(body.getOrElse(Array.emptyByteArray)).toScala match {
          case Some(found) => found.failure
          case None => body.success
        }
    )
}
