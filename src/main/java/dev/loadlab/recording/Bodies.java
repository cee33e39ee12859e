package dev.loadlab.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A recorded request body as the replay sends it: credentials' values emptied, everything else as recorded. */
final class Bodies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Bodies() {}

    /** The HAR's {@code postData}: JSON and form bodies with their credential fields emptied; other text as is. */
    static String withoutCredentials(JsonNode postData) {
        String text = postData.path("text").asText("");
        String mime = postData.path("mimeType").asText("").toLowerCase(Locale.ROOT);
        if (text.isEmpty()) {
            return "";
        }
        if (mime.contains("json")) {
            try {
                JsonNode body = JSON.readTree(text);
                return empty(body) ? JSON.writeValueAsString(body) : text;
            } catch (JsonProcessingException notJson) {
                return text;
            }
        }
        if (mime.startsWith("application/x-www-form-urlencoded")) {
            List<String> pairs = new ArrayList<>();
            for (String pair : text.split("&")) {
                String name = pair.split("=", 2)[0];
                pairs.add(Har.CREDENTIAL.matcher(name).matches() ? name + "=" : pair);
            }
            return String.join("&", pairs);
        }
        return text;
    }

    /** Empties, in place, every field named like a credential; true when it emptied one. */
    private static boolean empty(JsonNode node) {
        boolean emptied = false;
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (Har.CREDENTIAL.matcher(name).matches() && object.get(name).isValueNode()) {
                    object.put(name, "");
                    emptied = true;
                } else {
                    emptied |= empty(object.get(name));
                }
            }
        } else if (node != null && node.isArray()) {
            for (JsonNode element : node) {
                emptied |= empty(element);
            }
        }
        return emptied;
    }
}
