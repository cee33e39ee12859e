package dev.loadlab.studies.latency;

import com.fasterxml.jackson.databind.JsonNode;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.Answers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The study's answer to its route: foo_id and bar_id as latency.idType says the target carries them (the study's
 * router echoes them as JSON strings), after a 200. One definition for every tool: Gatling's check
 * (UserRequests.fooBar), JMeter's assertion ({@link FooBarAssertion}, in jmeter/latency.jmx) and the check before load.
 */
public final class FooBarAnswer {
    private FooBarAnswer() {}

    /**
     * What is wrong with the ids in {@code body}, as "wrong answer: ..." (an invalid answer's kind in the report); empty
     * when they are as {@code idType} says, or when it is {@code none}.
     */
    public static Optional<String> problem(String idType, String fooId, String barId, byte[] body) {
        if (idType.equals("none")) {
            return Optional.empty();
        }
        Optional<JsonNode> object = Answers.jsonObject(body);
        if (object.isEmpty()) {
            return Optional.of("wrong answer: no JSON object, expected foo_id and bar_id");
        }
        JsonNode json = object.get();
        boolean text = idType.equals("string");
        for (String field : List.of("foo_id", "bar_id")) {
            String expected = field.equals("foo_id") ? fooId : barId;
            JsonNode node = json.get(field);
            boolean typed = node != null && (text ? node.isTextual() : node.isNumber());
            if (!typed || !node.asText().equals(expected)) {
                return Optional.of("wrong answer: " + field + " is not the JSON " + idType + " "
                        + (text ? "\"" + expected + "\"" : expected));
            }
        }
        return Optional.empty();
    }

    /** The check before load: the same problem, with the setting that changes what is expected. */
    static Optional<String> beforeLoad(Settings s, String body) {
        String type = s.get(LatencyKnobs.ID_TYPE);
        return problem(
                        type,
                        s.get(LatencyKnobs.FOO_ID),
                        s.get(LatencyKnobs.BAR_ID),
                        body.getBytes(StandardCharsets.UTF_8))
                .map(p -> p + " (-Dlatency.idType=" + type + "; allowed: string|number|none)");
    }
}
