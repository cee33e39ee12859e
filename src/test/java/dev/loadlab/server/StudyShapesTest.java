package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The write study's own shapes on the reference server: its TestRecords entity (a UUID key the client makes and
 * eleven fields), $batch with each create its own change, and the CAP action insertAll's body and answer.
 */
class StudyShapesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SERVICE = "/odata/v4/load/";
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    /** A record as the study's tool generates one for TestRecords. */
    private static ObjectNode studyRecord(String id, int stringLength) {
        ObjectNode r = JSON.createObjectNode();
        if (id != null) {
            r.put("ID", id);
        }
        r.put("stringField", "s".repeat(stringLength));
        r.put("largeStringField", "L".repeat(stringLength));
        r.put("booleanField", true);
        r.put("integerField", -2147483648);
        r.put("integer64Field", 9007199254740991L);
        r.put("decimalField", 321.31);
        r.put("doubleField", -0.25);
        r.put("dateField", "2021-06-27");
        r.put("timeField", "14:52:23");
        r.put("dateTimeField", "2021-06-27T14:52:23Z");
        r.put("timeStampField", "2021-06-27T14:52:23.123Z");
        return r;
    }

    private static HttpResponse<String> send(URI base, String method, String path, String body) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", "application/json");
        request = body == null ? request.GET() : request.method(method, HttpRequest.BodyPublishers.ofString(body));
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, Object body) throws Exception {
        return send(SERVER.get().httpUri(), "POST", path, body.toString());
    }

    private static long count(String entitySet) throws Exception {
        HttpResponse<String> response = send(SERVER.get().httpUri(), "GET", SERVICE + entitySet + "/$count", null);
        assertEquals(200, response.statusCode(), response.body());
        return Long.parseLong(response.body());
    }

    /** Stores a study record under a fresh key: the key, now taken. */
    private static String storedRecordsKey() throws Exception {
        String key = UUID.randomUUID().toString();
        assertEquals(201, post(SERVICE + "TestRecords", studyRecord(key, 5)).statusCode());
        return key;
    }

    private static ObjectNode batch(boolean atomic, ObjectNode... bodies) {
        ObjectNode batch = JSON.createObjectNode();
        ArrayNode requests = batch.putArray("requests");
        for (int i = 0; i < bodies.length; i++) {
            ObjectNode r = requests.addObject().put("id", Integer.toString(i));
            if (atomic) {
                r.put("atomicityGroup", "g1");
            }
            r.put("method", "POST").put("url", "TestRecords");
            r.putObject("headers").put("content-type", "application/json").put("odata-version", "4.0");
            r.set("body", bodies[i]);
        }
        return batch;
    }

    private static String statuses(HttpResponse<String> batchResponse) throws Exception {
        return JSON.readTree(batchResponse.body())
                .path("responses")
                .findValues("status")
                .toString();
    }

    @Test
    void shouldStoreTheStudysRecordUnderTheKeyTheClientSentWithStringsOf5000Characters() throws Exception {
        long before = count("TestRecords");
        String id = UUID.randomUUID().toString();
        HttpResponse<String> response = post(SERVICE + "TestRecords", studyRecord(id, 5000));
        assertEquals(201, response.statusCode(), response.body());
        JsonNode entity = JSON.readTree(response.body());
        assertEquals(id, entity.path("ID").asText());
        assertEquals(5000, entity.path("largeStringField").asText().length());
        assertEquals(
                SERVICE + "TestRecords(" + id + ")",
                response.headers().firstValue("Location").orElseThrow());
        assertEquals(before + 1, count("TestRecords"));
    }

    @Test
    void shouldGenerateAUuidKeyWhenTheRecordHasNone() throws Exception {
        HttpResponse<String> response = post(SERVICE + "TestRecords", studyRecord(null, 10));
        assertEquals(201, response.statusCode(), response.body());
        UUID.fromString(JSON.readTree(response.body()).path("ID").asText());
    }

    @Test
    void shouldTakeTheEntitySetFromTheUrlAndCountEachApart() throws Exception {
        long records = count("TestRecords");
        long others = count("OtherRecords");
        assertEquals(201, post(SERVICE + "OtherRecords", studyRecord(null, 5)).statusCode());
        assertEquals(others + 1, count("OtherRecords"));
        assertEquals(records, count("TestRecords"));
    }

    @Test
    void shouldCommitEachCreateOfABatchWithoutAGroupOnItsOwnSoThatOneRefusedLeavesTheOthersStored() throws Exception {
        String taken = storedRecordsKey();
        long before = count("TestRecords");
        HttpResponse<String> response = post(
                SERVICE + "$batch",
                batch(
                        false,
                        studyRecord(UUID.randomUUID().toString(), 5),
                        studyRecord(UUID.randomUUID().toString(), 5),
                        studyRecord(taken, 5),
                        studyRecord(UUID.randomUUID().toString(), 5),
                        studyRecord(UUID.randomUUID().toString(), 5)));
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("[201, 201, 409, 201, 201]", statuses(response), response.body());
        assertEquals(before + 4, count("TestRecords"));
    }

    @Test
    void shouldStoreNothingOfAnAtomicChangeSetWithAKeyAlreadyTaken() throws Exception {
        String taken = storedRecordsKey();
        long before = count("TestRecords");
        HttpResponse<String> response = post(
                SERVICE + "$batch", batch(true, studyRecord(UUID.randomUUID().toString(), 5), studyRecord(taken, 5)));
        assertEquals("[409, 409]", statuses(response), response.body());
        assertEquals(before, count("TestRecords"));
    }

    @Test
    void shouldStoreTheCapActionsInsArrayInItsInsEntityAndAnswerTheRowCount() throws Exception {
        long before = count("TestRecords");
        ObjectNode action = JSON.createObjectNode().put("insEntity", "TestRecords");
        ArrayNode records = action.putArray("insArray");
        for (int i = 0; i < 1000; i++) {
            records.add(studyRecord(UUID.randomUUID().toString(), 50));
        }
        HttpResponse<String> response = post("/rest/mass-change/insertAll", action);
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("{\"value\":{\"affectedRows\":1000}}", response.body());
        assertEquals(before + 1000, count("TestRecords"));
    }

    @Test
    void shouldStoreNothingOfACapActionWithOneKeyTaken() throws Exception {
        String taken = UUID.randomUUID().toString();
        long before = count("TestRecords");
        ObjectNode action = JSON.createObjectNode().put("insEntity", "TestRecords");
        action.putArray("insArray").add(studyRecord(taken, 5)).add(studyRecord(taken, 5));
        HttpResponse<String> response = post("/rest/mass-change/insertAll", action);
        assertEquals(409, response.statusCode(), response.body());
        assertEquals(before, count("TestRecords"));
    }

    @Test
    void shouldRefuseABulkBodyOfNeitherShapeInOneLine() throws Exception {
        HttpResponse<String> response = post("/rest/mass-change/insertAll", "{\"entity\":\"TestRecords\"}");
        assertEquals(400, response.statusCode(), response.body());
        String message =
                JSON.readTree(response.body()).path("error").path("message").asText();
        assertTrue(message.contains("insEntity") && message.contains("insArray"), message);
        assertFalse(message.contains("\n"));
    }

    @Test
    void shouldServeTheServicePathKeyAndRouteTheContractNames() throws Exception {
        try (ReferenceServer other = ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort", "0",
                "server.tlsPort", "0",
                "odata.servicePath", "/odata/v4/refsvc",
                "odata.key", "code",
                "odata.entitySet", "Items",
                "odata.bulkPath", "/rest/items")))) {
            HttpResponse<String> created =
                    send(other.httpUri(), "POST", "/odata/v4/refsvc/Items", "{\"code\":\"k1\",\"n\":1}");
            assertEquals(201, created.statusCode(), created.body());
            assertEquals(
                    "/odata/v4/refsvc/Items('k1')",
                    created.headers().firstValue("Location").orElseThrow());
            HttpResponse<String> bulk = send(other.httpUri(), "POST", "/rest/items", "[{\"n\":2},{\"n\":3}]");
            assertEquals(201, bulk.statusCode(), bulk.body());
            assertEquals(
                    "3",
                    send(other.httpUri(), "GET", "/odata/v4/refsvc/Items/$count", null)
                            .body());
            assertEquals(
                    404, send(other.httpUri(), "POST", SERVICE + "Items", "{}").statusCode());
        }
    }
}
