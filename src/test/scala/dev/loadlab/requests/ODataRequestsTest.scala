package dev.loadlab.requests

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class ODataRequestsTest {
  private val json = new ObjectMapper()
  private val template = RecordTemplate.load("study-short")

  private def requestsOf(body: String) = json.readTree(body).get("requests").elements().asScala.toSeq

  @Test def batchBodySendsEachCreateAsItsOwnChangeWithTheRecordIndexAsIdAsTheStudysToolDoes(): Unit = {
    val requests = requestsOf(ODataRequests.batchBody(template, "TestRecords", first = 40, size = 3, atomic = false))
    assertEquals(Seq("40", "41", "42"), requests.map(_.get("id").asText))
    assertTrue(requests.forall(r => !r.has("atomicityGroup")), "no atomicity group")
    assertTrue(requests.forall(r => r.get("method").asText == "POST" && r.get("url").asText == "TestRecords"))
    assertTrue(requests.forall(_.get("headers").get("odata-version").asText == "4.0"))
    assertEquals(3, requests.map(_.get("body").get("ID").asText).distinct.size, "a new UUID key per create")
  }

  @Test def atomicBatchBodyPutsEveryCreateInOneAtomicityGroup(): Unit = {
    val requests = requestsOf(ODataRequests.batchBody(template, "TestRecords", first = 0, size = 4, atomic = true))
    assertEquals(Seq("g1"), requests.map(_.get("atomicityGroup").asText).distinct)
  }

  @Test def capActionBulkBodyNamesTheEntitySetAndCarriesEveryRecordInInsArray(): Unit = {
    val body = json.readTree(ODataRequests.bulkBody(template, "TestRecords", ODataRequests.CapAction, 1000))
    assertEquals(Seq("insEntity", "insArray"), body.fieldNames().asScala.toSeq)
    assertEquals("TestRecords", body.get("insEntity").asText)
    assertEquals(1000, body.get("insArray").size)
    assertEquals(12, body.get("insArray").get(999).size, "the key and eleven fields")
  }

  @Test def arrayBulkBodyIsAJsonArrayOfAllRecords(): Unit = {
    val records = json.readTree(ODataRequests.bulkBody(template, "TestRecords", "array", 25))
    assertTrue(records.isArray)
    assertEquals(25, records.size)
  }
}
