package dev.loadlab.requests

import scala.jdk.CollectionConverters._

import com.fasterxml.jackson.databind.ObjectMapper
import org.junit.jupiter.api.Assertions._
import org.junit.jupiter.api.Test

class ODataRequestsTest {
  private val json = new ObjectMapper()

  @Test def batchBodyPutsEveryCreateOfTheBatchInOneAtomicityGroup(): Unit = {
    val requests = json.readTree(ODataRequests.batchBody(first = 40, size = 3)).get("requests").elements().asScala.toSeq
    assertEquals(Seq("1", "2", "3"), requests.map(_.get("id").asText))
    assertTrue(requests.forall(r =>
      r.get("atomicityGroup").asText == "g1" && r.get("method").asText == "POST" && r.get("url").asText == "Records"))
    assertEquals(Seq(40.5, 41.5, 42.5), requests.map(_.get("body").get("field").asDouble))
  }

  @Test def bulkBodyIsAJsonArrayOfAllRecords(): Unit = {
    val records = json.readTree(ODataRequests.bulkBody(1000))
    assertEquals(1000, records.size)
    assertEquals("record 999", records.get(999).get("text").asText)
  }
}
