package dev.loadlab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values a recorded answer offers that look made by the server (an id, a token, a form's CSRF field): in a JSON
 * body, a redirect's query, a custom header, an HTML hidden input or meta tag. Each says where it is, in the terms both
 * tools extract it by. Short or word-like values are not offered: "open" or "2" in a later request is no evidence.
 */
final class Offered {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TAG = Pattern.compile("(?is)<(input|meta)\\b([^>]*)>");
    private static final Pattern ATTRIBUTE =
            Pattern.compile("([\\w:-]+)\\s*=\\s*(?:\"([^\"]*)\"|'([^']*)'|([^\\s>\"']+))");
    private static final Pattern SIMPLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Offered() {}

    /** Where an answer holds a value, and how each tool takes it from there. */
    enum Source {
        JSON("answer"),
        HIDDEN_INPUT("hidden input"),
        META("meta tag"),
        HEADER("header"),
        REDIRECT_QUERY("redirect's query");

        final String label;

        Source(String label) {
            this.label = label;
        }
    }

    /**
     * One value: {@code where} is a JSONPath ({@code $.order.id}), an input's or meta tag's name, a header's name, or
     * the query parameter of the Location header; {@code name} the variable's suggested name.
     */
    record Value(Source source, String where, String name, String value) {
        /** "answer $.id", "hidden input csrf", "redirect's query visit". */
        String describe() {
            return source.label + " " + where;
        }
    }

    /** Whether a value is long and random enough to be taken for one a server made. */
    static boolean looksMade(String value) {
        if (value.length() > 512 || value.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        if (value.chars().allMatch(Character::isDigit)) {
            return value.length() >= 4;
        }
        return value.length() >= 6 && value.chars().anyMatch(Character::isDigit) || value.length() >= 20;
    }

    /** The values of one HAR entry's response, in the order they stand. */
    static List<Value> of(JsonNode response) {
        List<Value> out = new ArrayList<>();
        for (JsonNode h : response.path("headers")) {
            String name = h.path("name").asText();
            String value = h.path("value").asText();
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.equals("location")) {
                redirectQuery(value, out);
            } else if (lower.startsWith("x-") && looksMade(value)) {
                out.add(new Value(Source.HEADER, name, variable(name), value));
            }
        }
        String mime = response.path("content").path("mimeType").asText("").toLowerCase(Locale.ROOT);
        String text = text(response.path("content"));
        if (mime.contains("json")) {
            try {
                json(JSON.readTree(text), "$", "", out);
            } catch (java.io.IOException notJson) {
                // an answer that says JSON and is none offers nothing
            }
        } else if (mime.contains("html")) {
            html(text, out);
        }
        return out;
    }

    private static void redirectQuery(String location, List<Value> out) {
        int q = location.indexOf('?');
        if (q < 0) {
            return;
        }
        for (String pair : location.substring(q + 1).replaceFirst("#.*", "").split("&")) {
            String[] nv = pair.split("=", 2);
            if (nv.length == 2) {
                String value = URLDecoder.decode(nv[1], StandardCharsets.UTF_8);
                if (looksMade(value) && value.equals(nv[1])) {
                    out.add(new Value(Source.REDIRECT_QUERY, nv[0], variable(nv[0]), value));
                }
            }
        }
    }

    private static void json(JsonNode node, String path, String field, List<Value> out) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            node.fields().forEachRemaining(f -> {
                String key = f.getKey();
                String child = SIMPLE_NAME.matcher(key).matches()
                        ? path + "." + key
                        : path + "['" + key.replace("'", "\\'") + "']";
                json(f.getValue(), child, key, out);
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                json(node.get(i), path + "[" + i + "]", field, out);
            }
        } else if ((node.isTextual() || node.isIntegralNumber()) && looksMade(node.asText())) {
            out.add(new Value(Source.JSON, path, variable(field.isEmpty() ? "value" : field), node.asText()));
        }
    }

    private static void html(String text, List<Value> out) {
        Matcher tag = TAG.matcher(text);
        while (tag.find()) {
            Map<String, String> attributes = attributes(tag.group(2));
            boolean input = tag.group(1).equalsIgnoreCase("input");
            String name = attributes.getOrDefault("name", attributes.get("property"));
            String value = attributes.get(input ? "value" : "content");
            if (name == null || value == null || !looksMade(value)) {
                continue;
            }
            if (input && "hidden".equalsIgnoreCase(attributes.get("type"))) {
                out.add(new Value(Source.HIDDEN_INPUT, name, variable(name), value));
            } else if (!input) {
                out.add(new Value(Source.META, name, variable(name), value));
            }
        }
    }

    private static Map<String, String> attributes(String text) {
        Map<String, String> out = new HashMap<>();
        Matcher a = ATTRIBUTE.matcher(text);
        while (a.find()) {
            String value = a.group(2) != null ? a.group(2) : a.group(3) != null ? a.group(3) : a.group(4);
            out.putIfAbsent(a.group(1).toLowerCase(Locale.ROOT), value);
        }
        return out;
    }

    /** The content's text: as recorded, or decoded when the HAR holds it in base64. */
    static String text(JsonNode content) {
        String text = content.path("text").asText("");
        if ("base64".equals(content.path("encoding").asText(""))) {
            try {
                return new String(Base64.getDecoder().decode(text), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException notBase64) {
                return "";
            }
        }
        return text;
    }

    /** A name both tools take for a variable: letters, digits and '_', not starting with a digit. */
    static String variable(String name) {
        String v = name.replaceAll("[^A-Za-z0-9_]+", "_").replaceAll("^_+|_+$", "");
        return v.isEmpty() ? "value" : Character.isDigit(v.charAt(0)) ? "v" + v : v;
    }
}
