package dev.loadlab.settings;

import java.util.Arrays;

/**
 * The HTTP version a load run speaks, one spelling for every part: {@code http1} or {@code http2} in properties,
 * file and folder names; {@link #label} where a table shows it. Over TLS, HTTP/2 is h2 through ALPN; over cleartext
 * it is h2c (Gatling speaks HTTP/2 only over TLS). The server's counters name the wire protocols h2 and h2c apart.
 */
public enum Protocol {
    HTTP1("http1", "HTTP/1.1"),
    HTTP2("http2", "HTTP/2");

    public final String id;
    public final String label;

    Protocol(String id, String label) {
        this.id = id;
        this.label = label;
    }

    /** @throws SettingError naming {@code setting} when {@code id} is not one of the ids */
    public static Protocol of(String setting, String id) {
        return Arrays.stream(values())
                .filter(p -> p.id.equals(id))
                .findFirst()
                .orElseThrow(() -> SettingError.notAllowed(setting, id, "one of http1|http2"));
    }
}
