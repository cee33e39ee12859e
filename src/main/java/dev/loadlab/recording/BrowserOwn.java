package dev.loadlab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** What a recording holds that the journey is not: what the browser sends by itself, and static resources. */
final class BrowserOwn {
    private static final Set<String> STATIC_TYPES =
            Set.of("stylesheet", "script", "image", "font", "media", "manifest", "texttrack", "other-static");
    /** The browser's own requests by their resource type (see #sentByItself). */
    private static final Set<String> BROWSER_OWN =
            Set.of("preflight", "ping", "websocket", "csp_violation_report", "prefetch", "manifest", "signedexchange");

    private static final Pattern STATIC_FILE =
            Pattern.compile(".*\\.(css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|eot|mp4|webm|mp3)$");
    private static final Pattern STATIC_MIME =
            Pattern.compile("^(text/css|(text|application)/javascript|image/.*|font/.*|audio/.*|video/.*)(;.*)?$");

    private BrowserOwn() {}

    /**
     * What the browser sends by itself, never replayed: CORS preflights, pings, socket upgrades, CSP reports, the
     * favicon, prefetches, a service worker's script and web app manifest.
     */
    static boolean sentByItself(JsonNode entry, URI url) {
        if (BROWSER_OWN.contains(entry.path("_resourceType").asText("")) || "/favicon.ico".equals(url.getPath())) {
            return true;
        }
        for (JsonNode h : entry.path("request").path("headers")) {
            String name = h.path("name").asText().toLowerCase(Locale.ROOT);
            String value = h.path("value").asText().toLowerCase(Locale.ROOT);
            if (((name.equals("purpose") || name.equals("sec-purpose")) && value.contains("prefetch"))
                    || name.equals("service-worker")) {
                return true;
            }
        }
        return false;
    }

    /** A static resource: by the browser's resource type where the HAR has one, else by type and file ending. */
    static boolean isStatic(JsonNode entry, URI url) {
        String type = entry.path("_resourceType").asText("");
        if (!type.isEmpty()) {
            return STATIC_TYPES.contains(type);
        }
        String mime = entry.path("response").path("content").path("mimeType").asText("");
        String path = url.getPath() == null ? "" : url.getPath().toLowerCase(Locale.ROOT);
        return STATIC_FILE.matcher(path).matches()
                || STATIC_MIME.matcher(mime.toLowerCase(Locale.ROOT)).matches();
    }
}
