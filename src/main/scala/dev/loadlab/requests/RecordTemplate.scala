package dev.loadlab.requests

import dev.loadlab.studies.odatawrite.WriteKnobs
import java.nio.charset.StandardCharsets
import java.nio.file.{Files, Path}
import java.time.{Instant, LocalTime}
import java.time.temporal.ChronoUnit
import java.util.UUID
import java.util.concurrent.ThreadLocalRandom

import scala.util.matching.Regex

import com.fasterxml.jackson.databind.ObjectMapper
import dev.loadlab.settings.{ContractKnobs, SettingError}

/**
 * One record of the write experiment, as a JSON text with placeholders (docs/studies.md lists them): `${uuid}`,
 * `${index}`, `${text:N}` or `${text:MIN-MAX}` (a length drawn evenly), `${studyText:MAX}` (a length as the study's
 * tool draws one, see [[RecordTemplate.studyLength]]), `${boolean}`, `${int}`, `${int64}`, `${decimal}`, `${double}`,
 * `${date}`, `${time}`, `${datetime}`, `${timestamp}`. Values are written as they are: a template puts the quotes
 * around the ones that are JSON strings. Random values vary per record; a UUID is new on every render, so that a
 * run never repeats a key already stored.
 */
final class RecordTemplate private (val source: String, parts: Vector[RecordTemplate.Part]) {

  /** The record for the run's `index`-th write. */
  def render(index: Int): String = {
    val out = new java.lang.StringBuilder(source.length * 2)
    parts.foreach(_.appendTo(out, index))
    out.toString
  }
}

object RecordTemplate {
  private val Placeholder: Regex = """\$\{([A-Za-z0-9]+)(?::(\d{1,7})(?:-(\d{1,7}))?)?\}""".r
  private val Names =
    "uuid, index, text:N, text:MIN-MAX, studyText:MAX, boolean, int, int64, decimal, double, date, time, datetime," +
      " timestamp"

  /** Letters and digits only: nothing a JSON string would have to escape. */
  private val TextChars = (('A' to 'Z') ++ ('a' to 'z') ++ ('0' to '9')).mkString
  private val Epoch1950 = Instant.parse("1950-01-01T00:00:00Z").getEpochSecond
  private val Epoch2050 = Instant.parse("2050-01-01T00:00:00Z").getEpochSecond

  private sealed trait Part { def appendTo(out: java.lang.StringBuilder, index: Int): Unit }
  private final case class Literal(text: String) extends Part {
    def appendTo(out: java.lang.StringBuilder, index: Int): Unit = out.append(text)
  }
  private final case class Value(make: Int => Any) extends Part {
    def appendTo(out: java.lang.StringBuilder, index: Int): Unit = out.append(make(index))
  }

  /** `odata.recordTemplate`'s value: a built-in template's name, or a file path. */
  def load(setting: String): RecordTemplate = {
    val text =
      if (WriteKnobs.BUILT_IN_TEMPLATES.contains(setting)) {
        val in = getClass.getResourceAsStream(s"/dev/loadlab/odata/$setting.json")
        try new String(in.readAllBytes(), StandardCharsets.UTF_8)
        finally in.close()
      } else new String(Files.readAllBytes(Path.of(setting)), StandardCharsets.UTF_8)
    parse(setting, text)
  }

  /** Refuses, in one line naming the setting, a template with an unknown placeholder or that is no JSON object. */
  def parse(setting: String, text: String): RecordTemplate = {
    def refuse(why: String) = SettingError.notAllowed(WriteKnobs.RECORD_TEMPLATE.name, setting, why)
    val parts = Vector.newBuilder[Part]
    var at = 0
    Placeholder.findAllMatchIn(text).foreach { m =>
      parts += Literal(text.substring(at, m.start))
      parts +=
        Value(generator(m).getOrElse(throw refuse(s"a template whose placeholders are $Names; found ${m.matched}")))
      at = m.end
    }
    parts += Literal(text.substring(at))
    val template = new RecordTemplate(text, parts.result().filter(_ != Literal("")))
    val sample =
      try new ObjectMapper().readTree(template.render(0))
      catch {
        case e: Exception =>
          throw refuse(s"a JSON object once its placeholders are filled in (${e.getMessage.linesIterator.next()})")
      }
    if (sample == null || !sample.isObject) throw refuse("a JSON object once its placeholders are filled in")
    template
  }

  private def random = ThreadLocalRandom.current()

  private def generator(m: Regex.Match): Option[Int => Any] = {
    val (min, max) = (Option(m.group(2)).map(_.toInt), Option(m.group(3)).map(_.toInt))
    (m.group(1), min, max) match {
      case ("text", Some(n), None) => Some(_ => text(n))
      case ("text", Some(lo), Some(hi)) if lo <= hi => Some(_ => text(lo + random.nextInt(hi - lo + 1)))
      case ("studyText", Some(max), None) if max >= StudyMinLength => Some(_ => text(studyLength(max)))
      case (_, Some(_), _) => None
      case ("uuid", _, _) => Some(_ => UUID.randomUUID())
      case ("index", _, _) => Some(identity)
      case ("boolean", _, _) => Some(_ => random.nextBoolean())
      case ("int", _, _) => Some(_ => random.nextInt())
      case ("int64", _, _) => Some(_ => random.nextLong(-(1L << 53), 1L << 53)) // exact in a JSON double
      case ("decimal", _, _) => Some(_ => BigDecimal(random.nextLong(-100_000_000L, 100_000_000L), 4))
      case ("double", _, _) => Some(_ => random.nextDouble(-5000, 5000))
      case ("date", _, _) => Some(_ => instant().toString.substring(0, 10))
      case ("time", _, _) => Some(_ => LocalTime.ofSecondOfDay(random.nextLong(86_400)))
      case ("datetime", _, _) => Some(_ => instant().truncatedTo(ChronoUnit.SECONDS))
      case ("timestamp", _, _) => Some(_ => instant().truncatedTo(ChronoUnit.MILLIS))
      case _ => None
    }
  }

  private val StudyMinLength = 5

  /**
   * A string's length as the study's tool (cds-load-test's random generator) makes one for a field of at most `max`
   * characters: its loop adds a character while the count is below a bound it draws again, evenly in 5..max, before
   * each character. The lengths cluster near 5 + sqrt(pi * max / 2), about 93 for 5,000, not max / 2.
   */
  private[requests] def studyLength(max: Int): Int = {
    var length = 0
    while (length < StudyMinLength + random.nextInt(max - StudyMinLength + 1)) length += 1
    length
  }

  private def instant(): Instant =
    Instant.ofEpochSecond(random.nextLong(Epoch1950, Epoch2050), random.nextInt(1_000_000_000))

  private def text(length: Int): String = {
    val chars = new Array[Char](length)
    for (i <- 0 until length) chars(i) = TextChars.charAt(random.nextInt(TextChars.length))
    new String(chars)
  }
}
