package dev.loadlab.requests

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import dev.loadlab.settings.SettingError
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class RecordTemplateTest {
  private val json = new ObjectMapper()
  private val StudyFields = Seq(
    "ID",
    "stringField",
    "largeStringField",
    "booleanField",
    "integerField",
    "integer64Field",
    "decimalField",
    "doubleField",
    "dateField",
    "timeField",
    "dateTimeField",
    "timeStampField"
  )

  @Test def studyTemplateIsAUuidKeyAndTheElevenFieldsOfTheStudysTestRecordsWithTheirJsonTypes(): Unit = {
    val record = json.readTree(RecordTemplate.load("study").render(0))
    assertEquals(StudyFields, record.fieldNames().asScala.toSeq)
    assertTrue(record.get("ID").asText.matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"))
    assertTrue(record.get("booleanField").isBoolean && record.get("integerField").isInt)
    assertTrue(record.get("doubleField").isNumber && record.get("decimalField").isNumber)
    assertTrue(record.get("dateField").asText.matches("\\d{4}-\\d{2}-\\d{2}"))
    assertTrue(record.get("timeField").asText.matches("\\d{2}:\\d{2}(:\\d{2})?"))
    assertTrue(record.get("dateTimeField").asText.matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z"))
  }

  @Test def studyTemplatesStringsAreAsTheStudysToolMakesThemTheLongOnesUpTo5000AndTheShortOnesUpTo50(): Unit = {
    def lengths(name: String) = {
      val t = RecordTemplate.load(name)
      (0 until 2000).map(i => json.readTree(t.render(i)).get("stringField").asText.length)
    }
    def mean(of: Seq[Int]) = of.sum.toDouble / of.size
    // the study's tool: a bound drawn again before each character, so about 5 + sqrt(pi * 5000 / 2) = 93.6 on average
    val study = lengths("study")
    assertTrue(study.min >= 5 && mean(study) > 80 && mean(study) < 110 && study.max < 1000, mean(study).toString)
    // evenly 5..5,000: 2,502 on average
    val long = lengths("study-long")
    assertTrue(long.min >= 5 && long.max <= 5000 && mean(long) > 2200 && mean(long) < 2800, mean(long).toString)
    val short = lengths("study-short")
    assertTrue(short.min >= 5 && short.max <= 50, short.toString)
  }

  @Test def aStudyTextBelowTheToolsFloorOfFiveIsRefused(): Unit = {
    val e = assertThrows(classOf[SettingError], () => RecordTemplate.parse("t.json", """{"a": "${studyText:4}"}"""))
    assertTrue(e.getMessage.contains("studyText:MAX"), e.getMessage)
  }

  @Test def placeholdersAreFilledInWithTheIndexAndTextsOfTheGivenLength(): Unit = {
    val t = RecordTemplate.parse("t.json", """{"n": ${index}, "s": "${text:7}", "k": "${uuid}"}""")
    val record = json.readTree(t.render(42))
    assertEquals(42, record.get("n").asInt)
    assertTrue(record.get("s").asText.matches("[A-Za-z0-9]{7}"))
    assertNotEquals(record.get("k").asText, json.readTree(t.render(42)).get("k").asText)
  }

  @Test def unknownPlaceholderIsRefusedInOneLineNamingTheSetting(): Unit = {
    val e = assertThrows(classOf[SettingError], () => RecordTemplate.parse("t.json", """{"a": "${name}"}"""))
    assertTrue(e.getMessage.startsWith("-Dodata.recordTemplate=t.json is not allowed"), e.getMessage)
    assertTrue(e.getMessage.contains("${name}"), e.getMessage)
    assertFalse(e.getMessage.contains("\n"))
  }

  @Test def templateThatIsNoJsonObjectOnceFilledInIsRefused(): Unit = {
    // unquoted text after a letter: never a JSON value, whatever the random characters (alone, "123" would be one)
    val e = assertThrows(classOf[SettingError], () => RecordTemplate.parse("t.json", """{"a": z${text:3}}"""))
    assertTrue(e.getMessage.contains("a JSON object once its placeholders are filled in"), e.getMessage)
  }
}
