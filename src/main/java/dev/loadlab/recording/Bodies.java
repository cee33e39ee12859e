package dev.loadlab.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A recorded request body as the replay sends it: in a JSON or form body, a field named like a credential holds a
 * value the server made (a CSRF field: carried, see {@link Carrying}), or one the user typed (a password), which
 * becomes a secret of the experiment, given from the environment and never written; everything else as recorded.
 */
final class Bodies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Bodies() {}

    /**
     * The HAR's {@code postData} text with each typed credential replaced by its secret's marker (the secret's name,
     * the field's, added to {@code secrets}); {@code carried} tells a value the server made.
     */
    static String forReplay(JsonNode postData, Predicate<String> carried, Set<String> secrets) {
        String text = postData.path("text").asText("");
        String mime = postData.path("mimeType").asText("").toLowerCase(Locale.ROOT);
        if (text.isEmpty()) {
            return "";
        }
        if (mime.contains("json")) {
            try {
                JsonNode body = JSON.readTree(text);
                return secrets(body, carried, secrets) ? JSON.writeValueAsString(body) : text;
            } catch (JsonProcessingException notJson) {
                return text;
            }
        }
        if (mime.startsWith("application/x-www-form-urlencoded")) {
            List<String> pairs = new ArrayList<>();
            for (String pair : text.split("&")) {
                String[] nv = pair.split("=", 2);
                String value = nv.length == 2 ? nv[1] : "";
                boolean typed = Har.CREDENTIAL.matcher(nv[0]).matches()
                        && !value.isEmpty()
                        && !carried.test(value)
                        && !carried.test(decoded(value));
                // a form field goes URL-encoded: what the user types may hold '&' or '+'
                pairs.add(typed ? nv[0] + "=" + Carrying.encodedMarker(secretName(nv[0], secrets)) : pair);
            }
            return String.join("&", pairs);
        }
        return text;
    }

    private static String secret(String field, Set<String> secrets) {
        return Carrying.marker(secretName(field, secrets));
    }

    private static String secretName(String field, Set<String> secrets) {
        String name = Offered.variable(field);
        secrets.add(name);
        return name;
    }

    /** A form value as the browser typed it; as it stands when it is no valid encoding. */
    private static String decoded(String value) {
        try {
            return URLDecoder.decode(value, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notEncoded) {
            return value;
        }
    }

    /** Replaces, in place, every typed credential by its secret's marker; true when it replaced one. */
    private static boolean secrets(JsonNode node, Predicate<String> carried, Set<String> secrets) {
        boolean replaced = false;
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode value = object.get(name);
                if (Har.CREDENTIAL.matcher(name).matches() && value.isValueNode()) {
                    if (!value.asText().isEmpty() && !carried.test(value.asText())) {
                        object.put(name, secret(name, secrets));
                        replaced = true;
                    }
                } else {
                    replaced |= secrets(value, carried, secrets);
                }
            }
        } else if (node != null && node.isArray()) {
            for (JsonNode element : node) {
                replaced |= secrets(element, carried, secrets);
            }
        }
        return replaced;
    }
}
