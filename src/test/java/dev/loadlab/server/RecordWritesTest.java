package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** OData creates, $batch and REST bulk writes, each checked against the table through a JDBC connection of its own. */
class RecordWritesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ODATA = "/odata/v4/load/";
    private static ReferenceServer server;
    private static final Map<Clients, HttpClient> clients = new EnumMap<>(Clients.class);

    @BeforeAll
    static void start() throws Exception {
        // Small JDBC batches so that a bulk of a few thousand rows spans several executeBatch calls.
        server = ReferenceServer.start(ServerSettings.of(
                Map.of("server.httpPort", "0", "server.tlsPort", "0", "server.jdbcBatchRows", "500")));
        for (Clients c : Clients.values()) {
            clients.put(c, c.client(server));
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static long rowsInTable() throws Exception {
        try (Connection c = server.openDatabaseConnection();
                ResultSet rs = c.createStatement().executeQuery("select count(*) from " + RecordStore.TABLE)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static HttpResponse<String> post(Clients c, String path, String body) throws Exception {
        return c.send(
                clients.get(c),
                HttpRequest.newBuilder(c.base(server).resolve(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build());
    }

    private static String records(int n, int badIndex) {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            String text = i == badIndex ? "x".repeat(RecordStore.TEXT_MAX_CHARS + 1) : "record " + i;
            json.append(i == 0 ? "" : ",")
                    .append("{\"field\":")
                    .append(i * 0.5)
                    .append(",\"text\":\"")
                    .append(text)
                    .append("\"}");
        }
        return json.append(']').toString();
    }

    private static String batch(int n, String group, int badIndex) throws Exception {
        JsonNode bodies = JSON.readTree(records(n, badIndex));
        StringBuilder json = new StringBuilder("{\"requests\":[");
        for (int i = 0; i < n; i++) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"id\":\"r")
                    .append(i)
                    .append('"')
                    .append(group == null ? "" : ",\"atomicityGroup\":\"" + group + "\"")
                    .append(
                            ",\"method\":\"POST\",\"url\":\"Records\",\"headers\":{\"content-type\":\"application/json\"},\"body\":")
                    .append(bodies.get(i))
                    .append('}');
        }
        return json.append("]}").toString();
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldStoreOneRowPerSingleCreateAndReturnItsId(Clients c) throws Exception {
        long before = rowsInTable();
        HttpResponse<String> response = post(c, ODATA + "Records", "{\"field\":2.5,\"text\":\"one\"}");
        assertEquals(201, response.statusCode(), response.body());
        JsonNode entity = JSON.readTree(response.body());
        assertTrue(entity.path("ID").asLong() > 0);
        assertEquals(2.5, entity.path("field").asDouble());
        assertEquals(before + 1, rowsInTable());
        HttpResponse<String> count = c.send(
                clients.get(c),
                HttpRequest.newBuilder(c.base(server).resolve(ODATA + "Records/$count"))
                        .build());
        assertEquals(Long.toString(rowsInTable()), count.body());
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 100, 1000})
    void shouldStoreEveryCreateOfABatchChangeSet(int size) throws Exception {
        for (Clients c : Clients.values()) {
            long before = rowsInTable();
            HttpResponse<String> response = post(c, ODATA + "$batch", batch(size, "changeset", -1));
            assertEquals(200, response.statusCode(), response.body());
            JsonNode responses = JSON.readTree(response.body()).path("responses");
            assertEquals(size, responses.size());
            Set<Long> ids = new HashSet<>();
            for (JsonNode r : responses) {
                assertEquals(201, r.path("status").asInt(), r.toString());
                ids.add(r.path("body").path("ID").asLong());
            }
            assertEquals(size, ids.size(), "distinct IDs");
            assertEquals(before + size, rowsInTable(), c + " batch of " + size);
        }
    }

    @Test
    void shouldStoreNothingOfAChangeSetWithOneRowTheDatabaseRefuses() throws Exception {
        long before = rowsInTable();
        HttpResponse<String> response = post(Clients.HTTP_1_1, ODATA + "$batch", batch(50, "g1", 37));
        assertEquals(200, response.statusCode());
        for (JsonNode r : JSON.readTree(response.body()).path("responses")) {
            assertEquals(400, r.path("status").asInt(), r.toString());
            assertTrue(r.path("body").path("error").path("message").asText().contains("change set g1"), r.toString());
        }
        assertEquals(before, rowsInTable(), "a failed change set must leave no partial rows");
    }

    @Test
    void shouldApplyRequestsWithoutAGroupOneByOne() throws Exception {
        long before = rowsInTable();
        HttpResponse<String> response = post(Clients.H2, ODATA + "$batch", batch(5, null, 2));
        int[] statuses = JSON.readTree(response.body()).path("responses").findValues("status").stream()
                .mapToInt(JsonNode::asInt)
                .toArray();
        assertEquals("[201, 201, 400, 201, 201]", java.util.Arrays.toString(statuses));
        assertEquals(before + 4, rowsInTable());
    }

    @ParameterizedTest
    @EnumSource(Clients.class)
    void shouldStore20000RecordsOfOneBulkRequestWithinTheDefaultBodyLimit(Clients c) throws Exception {
        long before = rowsInTable();
        String body = records(20_000, -1).replace("record ", "r".repeat(90)); // near the longest text allowed
        assertTrue(body.length() < ServerSettings.of(Map.of()).maxBodyBytes());
        HttpResponse<String> response = post(c, "/rest/records/bulk", body);
        assertEquals(201, response.statusCode(), response.body());
        assertEquals("{\"inserted\":20000}", response.body());
        assertEquals(before + 20_000, rowsInTable());
    }

    @Test
    void shouldStoreNothingOfABulkWhoseLastJdbcBatchFails() throws Exception {
        long before = rowsInTable();
        HttpResponse<String> response = post(Clients.HTTP_1_1, "/rest/records/bulk", records(2_400, 2_300));
        assertEquals(400, response.statusCode(), response.body());
        assertTrue(response.body().contains("\"error\""), response.body());
        assertEquals(before, rowsInTable(), "four batches were executed before the failing one; none may stay");
    }
}
