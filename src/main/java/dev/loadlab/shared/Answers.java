package dev.loadlab.shared;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What makes an answer valid beyond its status, where a study fixes what the answer is: a GraphQL answer carries
 * {@code data} and no {@code errors} (a GraphQL server answers a wrong query with 200 and its errors, and never runs
 * the resolver), and a payload comes whole; a study's own answer (the ab study's ids) is a {@code wrong answer}.
 * One definition for every tool: a problem is one line in one of the forms of {@link #PROBLEM}, which the report
 * counts as an error kind of its own.
 */
public final class Answers {
    /** An answer's body is the payload when its size is within this share of the payload's. */
    public static final double SIZE_TOLERANCE = 0.10;

    /** A problem's text as the tools' failure messages carry it, wherever in them: its kind and what it found. */
    public static final Pattern PROBLEM =
            Pattern.compile("(graphql error|short answer|long answer|wrong answer): [^\\r\\n]*");

    /** Past this, a GraphQL error's message is cut: the report counts answers by it. */
    private static final int MAX_MESSAGE = 160;

    private static final ObjectMapper JSON = new ObjectMapper();

    private Answers() {}

    /** Whether a request's body is a GraphQL request: a JSON object with a {@code query}. */
    public static boolean isGraphqlRequest(String body) {
        try {
            return JSON.readTree(body).path("query").isTextual();
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** A GraphQL answer's problem: its first error's message, no {@code data}, or a body that is no JSON object. */
    public static Optional<String> graphql(byte[] body) {
        Optional<JsonNode> object = jsonObject(body);
        if (object.isEmpty()) {
            return Optional.of("graphql error: the answer is no JSON object (" + body.length + " bytes)");
        }
        JsonNode answer = object.get();
        JsonNode errors = answer.path("errors");
        if (errors.isArray() && !errors.isEmpty()) {
            return Optional.of(
                    "graphql error: " + oneLine(errors.get(0).path("message").asText("(no message)")));
        }
        if (answer.path("data").isNull() || answer.path("data").isMissingNode()) {
            return Optional.of("graphql error: no data");
        }
        return Optional.empty();
    }

    /** The body as a JSON object; empty when it is no JSON, or JSON of another kind. */
    public static Optional<JsonNode> jsonObject(byte[] body) {
        try {
            JsonNode json = JSON.readTree(body);
            return json != null && json.isObject() ? Optional.of(json) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A body of {@code bytes} where the payload is {@code expected}: short or long past {@link #SIZE_TOLERANCE}. */
    public static Optional<String> size(long bytes, long expected) {
        if (bytes < expected * (1 - SIZE_TOLERANCE)) {
            return Optional.of("short answer: " + bytes + " of " + expected + " bytes");
        }
        if (bytes > expected * (1 + SIZE_TOLERANCE)) {
            return Optional.of("long answer: " + bytes + " of " + expected + " bytes");
        }
        return Optional.empty();
    }

    private static String oneLine(String message) {
        String line = message.replaceAll("\\s+", " ").strip();
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE) + "...";
    }
}
