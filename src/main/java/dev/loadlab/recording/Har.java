package dev.loadlab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A HAR file (HTTP Archive 1.2, as Chromium's and Firefox's DevTools and Playwright save it) read into the requests a
 * load test replays:
 * <ul>
 * <li>only requests to the origin of the first one (the page): calls to other hosts (fonts, analytics) are not the
 * target's;</li>
 * <li>static resources (style sheets, scripts, images, fonts, media; by the browser's resource type where the HAR
 * has one, else by type and file ending) left out unless asked for: a load test of a service replays its calls; what
 * the browser sends by itself (CORS preflights, pings, WebSocket upgrades) always;</li>
 * <li>credentials never copied: no Cookie or Authorization header, no header or query parameter whose name says token,
 * API key, secret, password, session, signature or authorization, and the values of such fields in a JSON or form body emptied;</li>
 * <li>of the headers, those that change the answer (Accept, Content-Type, and any X-... one that is no credential):
 * the browser's own (User-Agent, Sec-..., Accept-Encoding, Referer, Origin, cache validators) describe the browser,
 * not the journey;</li>
 * <li>each redirect and the request that followed it are two requests, as recorded: both tools replay them without
 * following redirects, so each is sent once, as the browser sent it;</li>
 * <li>think times: the gap from the end of one request to the start of the next, from 100 ms up (Gatling's recorder
 * has the same default threshold); shorter gaps are the page's own work.</li>
 * </ul>
 */
public final class Har {
    private static final Set<String> STATIC_TYPES =
            Set.of("stylesheet", "script", "image", "font", "media", "manifest", "texttrack", "other-static");
    /** What the browser sends by itself, never replayed: CORS preflights, pings, socket upgrades, CSP reports. */
    private static final Set<String> BROWSER_OWN = Set.of("preflight", "ping", "websocket", "csp_violation_report");

    private static final Pattern STATIC_FILE =
            Pattern.compile(".*\\.(css|js|mjs|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|otf|eot|mp4|webm|mp3)$");
    private static final Pattern STATIC_MIME =
            Pattern.compile("^(text/css|(text|application)/javascript|image/.*|font/.*|audio/.*|video/.*)(;.*)?$");
    /** A header, query parameter or body field whose name says it holds a credential. */
    static final Pattern CREDENTIAL =
            Pattern.compile("(?i)(.*(token|api[-_]?key|access[-_]?key|private[-_]?key|secret|passw|session|cookie|csrf"
                    + "|xsrf|signature|authoriz|credential).*|pwd|auth|sig|key)");

    private static final Set<String> KEPT_HEADERS = Set.of("accept", "content-type");
    private static final long MIN_PAUSE_MS = 100;

    private Har() {}

    /** What an import keeps and leaves out: {@code statics} keeps static resources too. */
    public record Read(List<Recorded> requests, String origin, int leftOutStatic, int leftOutOtherHosts) {}

    public static Read read(Path file, boolean statics) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        JsonNode entries = root == null ? null : root.path("log").get("entries");
        if (entries == null || !entries.isArray()) {
            throw new IllegalArgumentException(file + " is no HAR file: expected {\"log\":{\"entries\":[...]}}");
        }
        List<JsonNode> sorted = new ArrayList<>();
        entries.forEach(sorted::add);
        sorted.sort((a, b) -> started(a).compareTo(started(b)));
        if (sorted.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no request");
        }
        String origin =
                origin(URI.create(sorted.get(0).path("request").path("url").asText()));
        List<Recorded> requests = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int leftOutStatic = 0;
        int others = 0;
        Instant lastEnd = null;
        for (JsonNode entry : sorted) {
            JsonNode request = entry.path("request");
            URI url = URI.create(request.path("url").asText());
            if (!origin(url).equals(origin)) {
                others++;
                continue;
            }
            if (BROWSER_OWN.contains(entry.path("_resourceType").asText(""))) {
                continue;
            }
            if (!statics && isStatic(entry, url)) {
                leftOutStatic++;
                continue;
            }
            Instant start = started(entry);
            long pause = lastEnd == null ? 0 : Math.max(0, start.toEpochMilli() - lastEnd.toEpochMilli());
            lastEnd = start.plusMillis(Math.round(entry.path("time").asDouble()));
            String method = request.path("method").asText("GET").toUpperCase(Locale.ROOT);
            String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
            requests.add(new Recorded(
                    unique(method + " " + path, names),
                    method,
                    path + query(url.getRawQuery()),
                    kept(request.path("headers")),
                    Bodies.withoutCredentials(request.path("postData")),
                    entry.path("response").path("status").asInt(200),
                    pause >= MIN_PAUSE_MS ? pause : 0));
        }
        if (requests.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no request to " + origin + " but static resources ("
                    + leftOutStatic + "); import them with -Dhar.static=true");
        }
        return new Read(List.copyOf(requests), origin, leftOutStatic, others);
    }

    /** The headers that matter, in the recorded order; names as recorded (HTTP/2's lower case included). */
    static Map<String, String> kept(JsonNode headers) {
        Map<String, String> kept = new LinkedHashMap<>();
        for (JsonNode h : headers) {
            String name = h.path("name").asText();
            String lower = name.toLowerCase(Locale.ROOT);
            boolean custom = lower.startsWith("x-") && !lower.equals("x-loadlab-tag");
            if ((KEPT_HEADERS.contains(lower) || custom)
                    && !CREDENTIAL.matcher(lower).matches()) {
                kept.putIfAbsent(name, h.path("value").asText());
            }
        }
        return kept;
    }

    /** "?a=1&b=2" without the parameters whose names say credential; empty when none is left. */
    static String query(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return "";
        }
        List<String> kept = new ArrayList<>();
        for (String pair : rawQuery.split("&")) {
            String name = pair.split("=", 2)[0];
            if (!CREDENTIAL.matcher(name).matches()) {
                kept.add(pair);
            }
        }
        return kept.isEmpty() ? "" : "?" + String.join("&", kept);
    }

    private static boolean isStatic(JsonNode entry, URI url) {
        String type = entry.path("_resourceType").asText("");
        if (!type.isEmpty()) {
            return STATIC_TYPES.contains(type);
        }
        String mime = entry.path("response").path("content").path("mimeType").asText("");
        String path = url.getPath() == null ? "" : url.getPath().toLowerCase(Locale.ROOT);
        return STATIC_FILE.matcher(path).matches()
                || STATIC_MIME.matcher(mime.toLowerCase(Locale.ROOT)).matches();
    }

    /** "GET /a", then "GET /a (2)": every request's name, and its tag (OwnKnobs.slug), stays its own. */
    private static String unique(String name, Set<String> taken) {
        String candidate = name;
        for (int i = 2; !taken.add(dev.loadlab.settings.OwnKnobs.slug(candidate)); i++) {
            candidate = name + " (" + i + ")";
        }
        return candidate;
    }

    private static String origin(URI url) {
        return url.getScheme() + "://" + url.getRawAuthority();
    }

    private static Instant started(JsonNode entry) {
        return Instant.parse(entry.path("startedDateTime").asText("1970-01-01T00:00:00Z"));
    }
}
