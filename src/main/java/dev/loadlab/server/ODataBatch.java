package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.server.RecordStore.NewRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code POST /odata/v4/load/$batch} in OData's JSON batch format. Requests that share an
 * {@code atomicityGroup} are one change set: stored in one transaction, all or nothing; a request
 * without a group stands alone. Supported inside: {@code POST Records} and {@code GET Records/$count}.
 */
final class ODataBatch {
    private final RecordEndpoints records;

    ODataBatch(RecordEndpoints records) {
        this.records = records;
    }

    /** One unit of work: a change set, or a single request. */
    private record Unit(String group, List<JsonNode> requests) {}

    void handle(Request request, Response response, Callback callback) {
        JsonNode body = records.readJson(request);
        JsonNode requests = body.get("requests");
        if (!body.isObject() || requests == null || !requests.isArray()) {
            throw HttpFailure.badRequest("a JSON batch is an object with a 'requests' array");
        }
        ArrayNode responses = records.json.createArrayNode();
        for (Unit unit : units(requests)) {
            run(unit, responses);
        }
        ObjectNode envelope = records.json.createObjectNode();
        envelope.set("responses", responses);
        // The batch itself succeeded; each request's outcome is in its own response, as OData specifies.
        records.replies().json(response, callback, 200, envelope.toString());
    }

    private static List<Unit> units(JsonNode requests) {
        Map<String, Unit> groups = new LinkedHashMap<>();
        List<Unit> units = new ArrayList<>();
        for (JsonNode r : requests) {
            if (!r.isObject()
                    || !r.path("id").isTextual()
                    || !r.path("method").isTextual()
                    || !r.path("url").isTextual()) {
                throw HttpFailure.badRequest("each batch request needs string members id, method and url");
            }
            String group = r.path("atomicityGroup").asText(null);
            if (group == null) {
                units.add(new Unit(null, List.of(r)));
            } else {
                groups.computeIfAbsent(group, g -> {
                            Unit u = new Unit(g, new ArrayList<>());
                            units.add(u);
                            return u;
                        })
                        .requests()
                        .add(r);
            }
        }
        return units;
    }

    private void run(Unit unit, ArrayNode responses) {
        try {
            List<NewRecord> creates = new ArrayList<>();
            for (JsonNode r : unit.requests()) {
                String operation = r.get("method").asText() + " "
                        + stripService(r.get("url").asText());
                if (operation.equals("POST Records")) {
                    creates.add(RecordEndpoints.parseRecord(
                            r.get("body"), "request " + r.get("id").asText()));
                } else if (!operation.equals("GET Records/$count")) {
                    throw new HttpFailure(
                            501,
                            "request " + r.get("id").asText() + ": " + operation
                                    + " is not supported in a batch; supported: POST Records, GET Records/$count");
                }
            }
            List<Long> ids = creates.isEmpty() ? List.of() : records.insert(creates, true);
            int next = 0;
            for (JsonNode r : unit.requests()) {
                if (r.get("method").asText().equals("POST")) {
                    responses.add(answer(r, 201, records.entity(ids.get(next), creates.get(next))));
                    next++;
                } else {
                    responses.add(answer(r, 200, records.json.getNodeFactory().numberNode(records.countRows())));
                }
            }
        } catch (HttpFailure failed) {
            String message = unit.group() == null
                    ? failed.getMessage()
                    : "change set " + unit.group() + " was not applied: " + failed.getMessage();
            for (JsonNode r : unit.requests()) {
                ObjectNode error = records.json.createObjectNode();
                error.putObject("error")
                        .put("code", Integer.toString(failed.status))
                        .put("message", message);
                responses.add(answer(r, failed.status, error));
            }
        }
    }

    private ObjectNode answer(JsonNode request, int status, JsonNode body) {
        ObjectNode response = records.json.createObjectNode();
        response.put("id", request.get("id").asText());
        if (request.has("atomicityGroup")) {
            response.put("atomicityGroup", request.get("atomicityGroup").asText());
        }
        response.put("status", status);
        response.set("body", body);
        return response;
    }

    /** Relative URLs as clients send them: {@code Records}, {@code /odata/v4/load/Records}. */
    private static String stripService(String url) {
        return url.startsWith(RecordEndpoints.SERVICE) ? url.substring(RecordEndpoints.SERVICE.length()) : url;
    }
}
