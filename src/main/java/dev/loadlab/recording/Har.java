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
 * <li>the requests to the origin of the first one (the page), replayed against the build's target, and to each origin
 * mapped to a named target ({@link Origins}); calls to other hosts (fonts, analytics) are left out, counted by
 * origin;</li>
 * <li>static resources (style sheets, scripts, images, fonts, media; by the browser's resource type where the HAR
 * has one, else by type and file ending) left out unless asked for: a load test of a service replays its calls; what
 * the browser sends by itself (CORS preflights, pings, WebSocket upgrades, the favicon, prefetches, a service worker's
 * script) always;</li>
 * <li>values the server made and the browser sent back carried, not replayed ({@link Carrying});</li>
 * <li>credentials never copied: no Cookie header (each user keeps its own), no header or query parameter whose name
 * says token, API key, secret, password, session, signature or authorization unless it carries a value the server
 * made, and what the user typed into such a field of a JSON or form body a secret of the experiment ({@link
 * Bodies});</li>
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
    /** A header, query parameter or body field whose name says it holds a credential. */
    static final Pattern CREDENTIAL =
            Pattern.compile("(?i)(.*(token|api[-_]?key|access[-_]?key|private[-_]?key|secret|passw|session|cookie|csrf"
                    + "|xsrf|signature|authoriz|credential).*|pwd|auth|sig|key)");

    private static final Set<String> KEPT_HEADERS = Set.of("accept", "content-type");
    private static final long MIN_PAUSE_MS = 100;

    private Har() {}

    /**
     * What an import keeps and leaves out: {@code statics} keeps static resources too. {@code secrets} are the typed
     * credentials the journey needs (Bodies), {@code said} how each carried value goes, {@code suspects} the literals
     * kept that look made by a server.
     */
    public record Read(
            List<Recorded> requests,
            String origin,
            int leftOutStatic,
            int leftOutOtherHosts,
            List<String> otherOrigins,
            int leftOutBrowserOwn,
            Set<String> secrets,
            List<String> said,
            List<String> suspects) {}

    public static Read read(Path file, boolean statics) throws IOException {
        return read(file, statics, true, Map.of());
    }

    /**
     * {@code carry} false: each value replayed as recorded, none taken from an answer (what the replay check fails);
     * {@code targets}: origins of named targets ({@link Origins#parse}).
     */
    public static Read read(Path file, boolean statics, boolean carry, Map<String, String> targets) throws IOException {
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
        URI page = URI.create(sorted.get(0).path("request").path("url").asText());
        String origin = origin(page);
        Origins origins = new Origins(page, targets);
        Selection selected = select(sorted, origins, statics);
        if (selected.kept().isEmpty()) {
            throw new IllegalArgumentException(file + " holds no request to " + origin + " but static resources ("
                    + selected.leftOutStatic() + "); import them with -Dhar.static=true");
        }
        List<JsonNode> kept = selected.kept();
        Carrying.Pass pass = new Carrying.Pass();
        Set<String> secrets = new java.util.TreeSet<>();
        List<Carrying.Request> replayed = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            replayed.add(replayed(kept.get(i).path("request"), i, pass, secrets));
            if (carry) {
                pass.answer(i, kept.get(i).path("response"));
            }
        }
        // named as replayed: a carried id is {id} in the name, which stays the same from run to run
        Set<String> names = new HashSet<>();
        List<String> requestNames = new ArrayList<>();
        List<String> suspects = new ArrayList<>();
        for (int i = 0; i < kept.size(); i++) {
            String path = replayed.get(i).pathAndQuery().split("\\?", 2)[0];
            requestNames.add(unique(method(kept.get(i)) + " " + Carrying.variables(path, "{", "}"), names));
            suspects.addAll(Carrying.suspects(requestNames.get(i), replayed.get(i)));
        }
        List<Carrying.Carried> carried = pass.carried();
        List<Recorded> requests = new ArrayList<>();
        Instant lastEnd = null;
        for (int i = 0; i < kept.size(); i++) {
            JsonNode entry = kept.get(i);
            Instant start = started(entry);
            long pause = lastEnd == null ? 0 : Math.max(0, start.toEpochMilli() - lastEnd.toEpochMilli());
            lastEnd = start.plusMillis(Math.round(entry.path("time").asDouble()));
            Carrying.Request r = replayed.get(i);
            Map<String, String> headers = new LinkedHashMap<>();
            r.headers().forEach(h -> headers.putIfAbsent(h.getKey(), h.getValue()));
            int index = i;
            requests.add(new Recorded(
                    requestNames.get(i),
                    method(entry),
                    r.pathAndQuery(),
                    headers,
                    r.body(),
                    entry.path("response").path("status").asInt(200),
                    pause >= MIN_PAUSE_MS ? pause : 0,
                    carried.stream().filter(c -> c.from() == index).toList(),
                    selected.targets().get(i)));
        }
        return new Read(
                List.copyOf(requests),
                origin,
                selected.leftOutStatic(),
                origins.leftOutCount(),
                origins.leftOutLines(),
                selected.leftOutBrowserOwn(),
                Set.copyOf(secrets),
                pass.said(requestNames),
                List.copyOf(suspects));
    }

    /** The entries replayed, in order, each one's target (Origins), and how many of two kinds were left out. */
    private record Selection(List<JsonNode> kept, List<String> targets, int leftOutStatic, int leftOutBrowserOwn) {}

    private static Selection select(List<JsonNode> sorted, Origins origins, boolean statics) {
        List<JsonNode> kept = new ArrayList<>();
        List<String> targets = new ArrayList<>();
        int leftOutStatic = 0;
        int browserOwn = 0;
        for (JsonNode entry : sorted) {
            URI url = URI.create(entry.path("request").path("url").asText());
            java.util.Optional<String> target = origins.targetOf(url);
            if (target.isEmpty()) {
                continue; // another origin, counted by Origins
            } else if (BrowserOwn.sentByItself(entry, url)) {
                browserOwn++;
            } else if (!statics && BrowserOwn.isStatic(entry, url)) {
                leftOutStatic++;
            } else {
                kept.add(entry);
                targets.add(target.get());
            }
        }
        return new Selection(kept, targets, leftOutStatic, browserOwn);
    }

    /**
     * Request {@code index} as replayed: the values earlier answers offered marked (Carrying), then what may not be
     * sent left out (the browser's own headers, credentials that carry nothing the server made), and what the user
     * typed made a secret (Bodies).
     */
    private static Carrying.Request replayed(JsonNode request, int index, Carrying.Pass pass, Set<String> secrets) {
        URI url = URI.create(request.path("url").asText());
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        for (JsonNode h : request.path("headers")) {
            if (mayCarry(h.path("name").asText())) {
                headers.add(Map.entry(h.path("name").asText(), h.path("value").asText()));
            }
        }
        String body = Bodies.forReplay(request.path("postData"), pass::carries, secrets);
        Carrying.Request r = pass.request(index, path(url) + query(url.getRawQuery()), headers, body);
        return new Carrying.Request(withoutCredentials(r.pathAndQuery()), kept(r.headers()), r.body());
    }

    private static String method(JsonNode entry) {
        return entry.path("request").path("method").asText("GET").toUpperCase(Locale.ROOT);
    }

    private static String path(URI url) {
        return url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
    }

    /**
     * A header that may be replayed: one that changes the answer, or one that may carry a value the server made (a
     * credential's: Authorization). The browser's own (User-Agent, Referer, Origin, Sec-..., Cookie, cache validators)
     * describe the browser, not the journey, and are never sent, whatever they hold.
     */
    private static boolean mayCarry(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return !lower.equals("cookie")
                && (KEPT_HEADERS.contains(lower)
                        || (lower.startsWith("x-") && !lower.equals("x-loadlab-tag"))
                        || CREDENTIAL.matcher(lower).matches());
    }

    /**
     * The headers that matter, in the recorded order; names as recorded (HTTP/2's lower case included). A header that
     * carries a value the server made is kept whatever its name (Authorization: Bearer and the token an answer gave).
     */
    static List<Map.Entry<String, String>> kept(List<Map.Entry<String, String>> headers) {
        List<Map.Entry<String, String>> kept = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, String> h : headers) {
            String lower = h.getKey().toLowerCase(Locale.ROOT);
            boolean custom = lower.startsWith("x-") && !lower.equals("x-loadlab-tag");
            boolean plain = (KEPT_HEADERS.contains(lower) || custom)
                    && !CREDENTIAL.matcher(lower).matches();
            boolean carries = Carrying.marked(h.getValue()) && !lower.equals("cookie");
            if ((plain || carries) && seen.add(lower)) {
                kept.add(h);
            }
        }
        return kept;
    }

    /** "?a=1&b=2" as recorded: the credentials are taken out after the values carried are marked. */
    static String query(String rawQuery) {
        return rawQuery == null || rawQuery.isEmpty() ? "" : "?" + rawQuery;
    }

    /**
     * A path and query without the query parameters whose names say credential, unless they carry a value the server
     * made; no "?" when none is left.
     */
    static String withoutCredentials(String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        if (q < 0) {
            return pathAndQuery;
        }
        List<String> kept = new ArrayList<>();
        for (String pair : pathAndQuery.substring(q + 1).split("&")) {
            String name = pair.split("=", 2)[0];
            if (!CREDENTIAL.matcher(name).matches() || Carrying.marked(pair)) {
                kept.add(pair);
            }
        }
        return pathAndQuery.substring(0, q) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
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
