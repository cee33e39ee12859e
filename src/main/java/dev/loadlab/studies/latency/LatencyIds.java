package dev.loadlab.studies.latency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/** The study's answer holds foo_id and bar_id: asked of the check before load as latency.idType says they are sent. */
final class LatencyIds {
    private LatencyIds() {}

    /** What is wrong with the ids in {@code body}, in one line; empty when they are as set (or not checked). */
    static Optional<String> problem(Settings settings, String body) {
        String type = settings.get(LatencyKnobs.ID_TYPE);
        if (type.equals("none")) {
            return Optional.empty();
        }
        JsonNode json;
        try {
            json = new ObjectMapper().readTree(body);
        } catch (IOException e) {
            return Optional.of("not JSON, expected foo_id and bar_id (or -Dlatency.idType=none)");
        }
        for (String field : List.of("foo_id", "bar_id")) {
            String expected = settings.get(field.equals("foo_id") ? LatencyKnobs.FOO_ID : LatencyKnobs.BAR_ID);
            JsonNode node = json == null ? null : json.get(field);
            boolean typed = node != null && (type.equals("string") ? node.isTextual() : node.isNumber());
            if (!typed || !node.asText().equals(expected)) {
                return Optional.of(
                        "expected " + field + " " + (type.equals("string") ? "\"" + expected + "\"" : expected)
                                + " (a JSON " + type + ", -Dlatency.idType=" + type + "; allowed: string|number|none)");
            }
        }
        return Optional.empty();
    }
}
