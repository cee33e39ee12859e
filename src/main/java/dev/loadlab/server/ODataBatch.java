package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code POST <service>/$batch} in OData's JSON batch format. Requests that share an {@code atomicityGroup} are
 * one change set: stored in one transaction, all or nothing. A request without a group stands alone and is
 * committed on its own, so one refused create leaves the others of the batch stored (loadlab's simulation sends its
 * creates so by default; the study's text does not say how its batches were formed). Supported inside: {@code POST <EntitySet>} and {@code GET <EntitySet>/$count}.
 */
final class ODataBatch {
    private final RecordEndpoints records;

    ODataBatch(RecordEndpoints records) {
        this.records = records;
    }

    /** One unit of work: a change set, or a single request. */
    private record Unit(String group, List<JsonNode> requests) {}

    /** What a request inside the batch does, to which entity set. */
    private record Operation(boolean create, String entitySet) {}

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
            List<Operation> operations = new ArrayList<>();
            List<JsonNode> bodies = new ArrayList<>();
            List<String> ids = new ArrayList<>();
            String createSet = null;
            for (JsonNode r : unit.requests()) {
                Operation operation = operation(r);
                operations.add(operation);
                if (operation.create()) {
                    if (createSet != null && !createSet.equals(operation.entitySet())) {
                        throw HttpFailure.badRequest("a change set here writes to one entity set; found " + createSet
                                + " and " + operation.entitySet());
                    }
                    createSet = operation.entitySet();
                    bodies.add(r.get("body"));
                    ids.add(r.get("id").asText());
                }
            }
            List<ObjectNode> created = createSet == null
                    ? List.of()
                    : records.insert(createSet, bodies, i -> "request " + ids.get(i), true);
            int next = 0;
            for (int i = 0; i < operations.size(); i++) {
                JsonNode r = unit.requests().get(i);
                if (operations.get(i).create()) {
                    responses.add(answer(r, 201, created.get(next++)));
                } else {
                    long rows = records.countRows(operations.get(i).entitySet());
                    responses.add(answer(r, 200, records.json.getNodeFactory().numberNode(rows)));
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

    /** {@code POST <EntitySet>} or {@code GET <EntitySet>/$count}; the URL relative or under the service path. */
    private Operation operation(JsonNode r) {
        String method = r.get("method").asText();
        String url = r.get("url").asText();
        String servicePath = records.service.path();
        String target = url.startsWith(servicePath) ? url.substring(servicePath.length()) : url;
        if (method.equals("POST") && ODataService.isEntitySet(target)) {
            return new Operation(true, target);
        }
        if (method.equals("GET") && target.endsWith("/$count")) {
            String set = target.substring(0, target.length() - "/$count".length());
            if (ODataService.isEntitySet(set)) {
                return new Operation(false, set);
            }
        }
        throw new HttpFailure(
                501,
                "request " + r.get("id").asText() + ": " + method + " " + url
                        + " is not supported in a batch; supported: POST <EntitySet>, GET <EntitySet>/$count");
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
}
