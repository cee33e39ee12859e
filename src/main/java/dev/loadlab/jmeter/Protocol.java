package dev.loadlab.jmeter;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The HTTP version a sampler asks for. Over TLS it is offered through ALPN; over cleartext HTTP_2 is h2c
 *  with prior knowledge (no Upgrade round trip, as a load tool that knows its target would do). */
public enum Protocol {
    HTTP_2,
    HTTP_1_1;

    /** @throws IllegalArgumentException naming the setting and its allowed values */
    public static Protocol parse(String setting, String value) {
        String trimmed = value == null ? "" : value.trim();
        for (Protocol protocol : values()) {
            if (protocol.name().equals(trimmed)) {
                return protocol;
            }
        }
        throw new IllegalArgumentException(setting + "=" + trimmed + " is not a protocol: allowed values are "
                + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
    }
}
