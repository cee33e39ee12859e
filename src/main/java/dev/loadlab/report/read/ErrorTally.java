package dev.loadlab.report.read;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Failed requests counted by {@link ErrorKind} key, each kind with its raw messages as the detail. The detail is
 * bounded whatever the run throws at it: at most {@link #MAX_MESSAGES_PER_KIND} messages per kind, each cut at
 * {@link #MAX_MESSAGE_LENGTH} characters; the rest of a kind's messages are counted under {@link #MORE_MESSAGES}.
 */
public final class ErrorTally {
    static final int MAX_MESSAGES_PER_KIND = 10;
    static final int MAX_MESSAGE_LENGTH = 120;
    static final String MORE_MESSAGES = "(other messages)";
    static final String NO_MESSAGE = "(no message)";

    private final Map<String, Long> byKind = new TreeMap<>();
    private final Map<String, Map<String, Long>> details = new TreeMap<>();
    private long total;

    public void add(String kind, String rawMessage) {
        total++;
        byKind.merge(kind, 1L, Long::sum);
        Map<String, Long> messages = details.computeIfAbsent(kind, k -> new LinkedHashMap<>());
        String message = shortened(rawMessage);
        if (!messages.containsKey(message) && messages.size() >= MAX_MESSAGES_PER_KIND) {
            message = MORE_MESSAGES;
        }
        messages.merge(message, 1L, Long::sum);
    }

    public long total() {
        return total;
    }

    public Map<String, Long> byKind() {
        return byKind;
    }

    Map<String, Map<String, Long>> details() {
        return details;
    }

    static String shortened(String raw) {
        String message = raw == null || raw.isBlank() ? NO_MESSAGE : raw.strip();
        return message.length() > MAX_MESSAGE_LENGTH ? message.substring(0, MAX_MESSAGE_LENGTH) + "..." : message;
    }
}
