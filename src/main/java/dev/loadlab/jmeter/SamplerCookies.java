package dev.loadlab.jmeter;

import java.io.IOException;
import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The cookies of loadlab's sampler when its {@code cookies} property is on: one jar per JMeter thread, so that each
 * user starts with none and keeps what the target sets, as a plan's HTTP Cookie Manager does for JMeter's own sampler
 * and Gatling does for each virtual user (cookies are sent back to the host that set them, path and expiry obeyed).
 */
final class SamplerCookies {
    private static final ThreadLocal<CookieManager> JAR =
            ThreadLocal.withInitial(() -> new CookieManager(null, CookiePolicy.ACCEPT_ORIGINAL_SERVER));

    private SamplerCookies() {}

    /** {@code headers} (one a line) with this thread's cookies for {@code url} added as a Cookie line. */
    static String withCookies(String headers, String url) {
        try {
            Map<String, List<String>> cookie = JAR.get().get(URI.create(url), Map.of());
            List<String> values = cookie.getOrDefault("Cookie", List.of());
            if (values.isEmpty()) {
                return headers;
            }
            String line = "Cookie: " + String.join("; ", values);
            return headers.isBlank() ? line : headers.strip() + "\n" + line;
        } catch (IOException | IllegalArgumentException e) {
            return headers; // a URL the sampler refuses anyway; it says why
        }
    }

    /** Keeps the Set-Cookie lines of a response's head (as SampleOutcome writes it, one header a line). */
    static void keep(String url, String responseHeaders) {
        List<String> set = new ArrayList<>();
        for (String line : responseHeaders.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("set-cookie")) {
                set.add(line.substring(colon + 1).trim());
            }
        }
        if (set.isEmpty()) {
            return;
        }
        try {
            JAR.get().put(URI.create(url), Map.of("Set-Cookie", set));
        } catch (IOException | IllegalArgumentException e) {
            // a cookie the jar refuses is not sent back, as a browser would not
        }
    }

    /** The thread ends: its jar goes with it, so that nothing of this user reaches a later one. */
    static void clear() {
        JAR.remove();
    }
}
