package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.server.EntityDocuments.Document;
import dev.loadlab.server.RecordStore.NewRecord;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The write-strategies study's endpoints under the contract's service path: OData creates in any entity set,
 * its count, the custom REST bulk route (a CAP action {@code insertAll}, loadlab's stand-in for the study's custom REST
 * endpoint, whose name and body its text does not give; and a bare array), and
 * (through {@link ODataBatch}) JSON $batch. The entity set {@value ODataService#TYPED_SET} is typed (field,
 * text; the server's IDs); every other set stores what the client sends under the contract's key. They block on
 * body reads and JDBC, so the router runs them on the thread pool.
 */
final class RecordEndpoints {
    private static final Set<String> PROPERTIES = Set.of("field", "text");
    private static final Pattern UUID_LITERAL = Pattern.compile("[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");

    final ObjectMapper json = new ObjectMapper();
    private final Replies replies;
    private final RecordStore store;
    private final JsonBodies bodies;
    final ODataService service;

    RecordEndpoints(
            Replies replies, RecordStore store, long maxBodyBytes, long minBodyBytesPerSecond, ODataService service) {
        this.replies = replies;
        this.store = store;
        this.bodies = new JsonBodies(json, maxBodyBytes, minBodyBytesPerSecond);
        this.service = service;
    }

    Replies replies() {
        return replies;
    }

    /** {@code POST <service>/<EntitySet>}: one entity, 201 with what was stored. */
    void create(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        String set = path.substring(service.path().length());
        if (!ODataService.isEntitySet(set)) {
            throw HttpFailure.notFound(path);
        }
        ObjectNode entity =
                insert(set, List.of(readJson(request)), i -> "body", true).get(0);
        response.getHeaders().put("Location", service.path() + set + "(" + keyLiteral(entity.get(keyOf(set))) + ")");
        replies.json(response, callback, 201, entity.toString());
    }

    /** {@code GET <service>/<EntitySet>/$count}: rows in the entity set, as OData's plain-text count. */
    void count(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        String rest = path.substring(service.path().length());
        String set = rest.endsWith("/$count") ? rest.substring(0, rest.length() - "/$count".length()) : "";
        if (!ODataService.isEntitySet(set)) {
            throw HttpFailure.notFound(path);
        }
        replies.send(
                response,
                callback,
                200,
                Replies.TEXT,
                ByteBuffer.wrap(Long.toString(countRows(set)).getBytes(StandardCharsets.US_ASCII)));
    }

    /**
     * The custom REST route, in one transaction, as JDBC batches. The CAP action {@code insertAll} takes
     * {@code {insEntity, insArray}} and answers 200 {@code {"value": <the INSERT's result>}}, here its row count;
     * a bare array goes to the typed set on {@value ODataService#TYPED_BULK_PATH}, else to the contract's entity
     * set, and is answered 201 {@code {"inserted": n}}.
     */
    void bulk(Request request, Response response, Callback callback) {
        JsonNode body = readJson(request);
        if (body.isArray()) {
            String set = Request.getPathInContext(request).equals(ODataService.TYPED_BULK_PATH)
                    ? ODataService.TYPED_SET
                    : service.entitySet();
            insert(set, elements(body), i -> "element " + i, false);
            replies.json(response, callback, 201, "{\"inserted\":" + body.size() + "}");
            return;
        }
        JsonNode entitySet = body.path("insEntity");
        JsonNode entities = body.path("insArray");
        if (!body.isObject() || !entitySet.isTextual() || !entities.isArray()) {
            throw HttpFailure.badRequest("the bulk body must be the action's {\"insEntity\": \"<entity set>\","
                    + " \"insArray\": [records]} or a JSON array of records, found " + body.getNodeType());
        }
        if (!ODataService.isEntitySet(entitySet.textValue())) {
            throw HttpFailure.badRequest("insEntity '" + entitySet.textValue() + "' is not an entity set name");
        }
        insert(entitySet.textValue(), elements(entities), i -> "insArray[" + i + "]", false);
        replies.json(response, callback, 200, "{\"value\":{\"affectedRows\":" + entities.size() + "}}");
    }

    private static List<JsonNode> elements(JsonNode array) {
        List<JsonNode> list = new ArrayList<>(array.size());
        array.forEach(list::add);
        return list;
    }

    /**
     * Stores the bodies in one entity set, in one transaction; returns the entities as the service answers them
     * when {@code answer}. {@code where} names the i-th body in an error.
     */
    List<ObjectNode> insert(String entitySet, List<JsonNode> bodies, IntFunction<String> where, boolean answer) {
        try {
            if (entitySet.equals(ODataService.TYPED_SET)) {
                List<NewRecord> records = new ArrayList<>(bodies.size());
                for (int i = 0; i < bodies.size(); i++) {
                    records.add(parseRecord(bodies.get(i), where.apply(i)));
                }
                List<Long> ids = store.insertAll(records, answer);
                List<ObjectNode> entities = new ArrayList<>(ids.size());
                for (int i = 0; i < ids.size(); i++) {
                    entities.add(entity(ids.get(i), records.get(i)));
                }
                return entities;
            }
            List<ObjectNode> entities = new ArrayList<>(bodies.size());
            List<Document> documents = new ArrayList<>(bodies.size());
            for (int i = 0; i < bodies.size(); i++) {
                ObjectNode entity = keyed(entitySet, bodies.get(i), where.apply(i));
                documents.add(new Document(entitySet, entity.get(service.key()).asText(), entity.toString()));
                entities.add(entity);
            }
            store.documents.insertAll(documents);
            if (!answer) {
                return List.of();
            }
            for (ObjectNode entity : entities) {
                entity.put("@odata.context", "$metadata#" + entitySet + "/$entity");
            }
            return entities;
        } catch (SQLException e) {
            throw RecordStore.asHttpFailure(e);
        }
    }

    /** The body with its key: the one the client sent (a string or an integer), or a new UUID as CAP's cuid does. */
    private ObjectNode keyed(String entitySet, JsonNode body, String where) {
        if (body == null || !body.isObject()) {
            throw HttpFailure.badRequest(where + " must be a JSON object (an entity of " + entitySet + ")");
        }
        ObjectNode entity = (ObjectNode) body; // parsed for this request alone: no copy of a 10 KB record
        JsonNode key = entity.get(service.key());
        if (key == null || key.isNull()) {
            entity.put(service.key(), UUID.randomUUID().toString());
        } else if (!key.isTextual() && !key.isIntegralNumber()) {
            throw HttpFailure.badRequest(
                    where + ": the key property '" + service.key() + "' must be a string or an integer");
        }
        return entity;
    }

    private String keyOf(String entitySet) {
        return entitySet.equals(ODataService.TYPED_SET) ? "ID" : service.key();
    }

    /** OData's key literal: numbers and GUIDs as they are, other strings quoted. */
    private static String keyLiteral(JsonNode key) {
        String text = key.asText();
        return key.isTextual() && !UUID_LITERAL.matcher(text).matches() ? "'" + text.replace("'", "''") + "'" : text;
    }

    long countRows(String entitySet) {
        try {
            return entitySet.equals(ODataService.TYPED_SET) ? store.count() : store.documents.count(entitySet);
        } catch (SQLException e) {
            throw RecordStore.asHttpFailure(e);
        }
    }

    /** An entity of the typed set as the service returns it. */
    ObjectNode entity(long id, NewRecord record) {
        ObjectNode node = json.createObjectNode();
        node.put("@odata.context", "$metadata#" + ODataService.TYPED_SET + "/$entity");
        node.put("ID", id);
        node.put("field", record.field());
        if (record.text() == null) {
            node.putNull("text");
        } else {
            node.put("text", record.text());
        }
        return node;
    }

    /** Checks the shape; the text's length is left to the database, whose refusal rolls a write back. */
    static NewRecord parseRecord(JsonNode node, String where) {
        if (node == null || !node.isObject()) {
            throw HttpFailure.badRequest(where + " must be a JSON object like {\"field\":1.5,\"text\":\"a\"}");
        }
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.equals("ID")) {
                throw HttpFailure.badRequest(where + ": ID is generated by the server; send only field and text");
            }
            if (!PROPERTIES.contains(name) && !name.startsWith("@")) {
                throw HttpFailure.badRequest(where + ": unknown property '" + name + "'; allowed: field, text");
            }
        }
        JsonNode field = node.get("field");
        if (field == null || !field.isNumber()) {
            throw HttpFailure.badRequest(where + ": property 'field' must be a number");
        }
        JsonNode text = node.get("text");
        if (text != null && !text.isNull() && !text.isTextual()) {
            throw HttpFailure.badRequest(where + ": property 'text' must be a string or null");
        }
        return new NewRecord(field.doubleValue(), text == null || text.isNull() ? null : text.textValue());
    }

    /** Parses the body as it streams in; more than server.maxBodyKb is a 413, a parse error a 400. */
    JsonNode readJson(Request request) {
        return bodies.read(request);
    }
}
