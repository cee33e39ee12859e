package dev.loadlab.recording;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values the server made and the browser sent back, carried instead of replayed: each value an answer offers
 * ({@link Offered}) that no request sent before it and a later request sends (in its path, query, body or a header) is
 * taken from that answer at replay and put where it went. In the requests' text a carried value stands as
 * {@link #marker}; the writers turn it into each tool's variable ({@code #{name}}, {@code ${name}}).
 */
final class Carrying {
    /** A marker is plain ASCII that a JSON string or a form field holds as it is, and no tool reads as its own. */
    static final String OPEN = "{{loadlab:";

    static final String CLOSE = "}}";
    /** After a marker's name: the value went URL-encoded (a form field, a query), as the browser encoded it. */
    private static final String URL_ENCODED = "|url";

    private static final Pattern MARKED = Pattern.compile("\\{\\{loadlab:([A-Za-z0-9_]+)(\\|url)?\\}\\}");
    /** A long run of letters and digits with both in it, or of hex digits: what a server makes. */
    private static final Pattern RANDOM_LOOKING =
            Pattern.compile("(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{16,}");

    private Carrying() {}

    static String marker(String variable) {
        return OPEN + variable + CLOSE;
    }

    /** The marker of a value that goes URL-encoded, as a form field's or a query's does. */
    static String encodedMarker(String variable) {
        return OPEN + variable + URL_ENCODED + CLOSE;
    }

    /** {@code text} with each marker written as {@code open + name + close} (a tool's variable syntax). */
    static String variables(String text, String open, String close) {
        return variables(text, name -> open + name + close, name -> open + name + close);
    }

    /** {@code text} with each marker written by {@code plain}, or {@code encoded} where it went URL-encoded. */
    static String variables(String text, Function<String, String> plain, Function<String, String> encoded) {
        return MARKED.matcher(text)
                .replaceAll(m -> Matcher.quoteReplacement(
                        m.group(2) == null ? plain.apply(m.group(1)) : encoded.apply(m.group(1))));
    }

    static boolean marked(String text) {
        return text.contains(OPEN);
    }

    /**
     * One carried value: the variable, where its answer holds it, the request whose answer that is, and whether a
     * later request sent it URL-encoded (a writer that cannot encode in place takes it encoded too).
     */
    record Carried(String variable, Offered.Value offered, int from, boolean urlEncoded) {}

    /** A request's text as the replay sends it: carried values marked, where each went said. */
    record Request(String pathAndQuery, List<Map.Entry<String, String>> headers, String body) {}

    /** Where a carried value went: a part of request {@code index}. */
    private record Use(String part, int index) {}

    /** The requests' texts as recorded, index by index, and each answer in the same order. */
    static final class Pass {
        private final Map<String, Carried> known = new LinkedHashMap<>(); // value: how it is carried
        private final Map<Carried, Set<Use>> uses = new LinkedHashMap<>();
        private final StringBuilder sent = new StringBuilder();
        private final Set<String> names = new HashSet<>();
        private final Set<String> encodedUses = new HashSet<>();

        /** Request {@code index} with the values earlier answers offered marked. */
        Request request(int index, String pathAndQuery, List<Map.Entry<String, String>> headers, String body) {
            int q = pathAndQuery.indexOf('?');
            String path = q < 0
                    ? mark(pathAndQuery, index, "path", true)
                    : mark(pathAndQuery.substring(0, q), index, "path", true)
                            + mark(pathAndQuery.substring(q), index, "query", true);
            List<Map.Entry<String, String>> marked = new ArrayList<>();
            for (Map.Entry<String, String> h : headers) {
                marked.add(Map.entry(h.getKey(), mark(h.getValue(), index, "header " + h.getKey(), false)));
            }
            String markedBody = mark(body, index, "body", true);
            sent.append(pathAndQuery).append('\n').append(body).append('\n');
            headers.forEach(h -> sent.append(h.getValue()).append('\n'));
            return new Request(path, marked, markedBody);
        }

        /** Whether an earlier answer offered this value: the request that sends it carries it. */
        boolean carries(String value) {
            return known.containsKey(value);
        }

        /** The values request {@code index}'s answer offers that no request has sent yet. */
        void answer(int index, JsonNode response) {
            for (Offered.Value v : Offered.of(response)) {
                if (known.containsKey(v.value()) || sent.indexOf(v.value()) >= 0) {
                    continue;
                }
                String name = v.name();
                for (int i = 2; names.contains(name); i++) {
                    name = v.name() + i;
                }
                names.add(name);
                known.put(v.value(), new Carried(name, v, index, false));
            }
        }

        /**
         * {@code text} with each known value marked; where {@code urlForm} (a path, query or body), also one the
         * browser URL-encoded (a base64 CSRF token's {@code +/=} in a form field).
         */
        private String mark(String text, int index, String part, boolean urlForm) {
            String out = text;
            List<Carried> longestFirst = new ArrayList<>(known.values());
            longestFirst.sort(
                    Comparator.comparingInt((Carried c) -> -c.offered().value().length()));
            for (Carried c : longestFirst) {
                String value = c.offered().value();
                String encoded = URLEncoder.encode(value, StandardCharsets.UTF_8);
                if (out.contains(value)) {
                    out = out.replace(value, marker(c.variable()));
                    uses.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(new Use(part, index));
                } else if (urlForm && !encoded.equals(value) && out.contains(encoded)) {
                    out = out.replace(encoded, encodedMarker(c.variable()));
                    uses.computeIfAbsent(c, k -> new LinkedHashSet<>()).add(new Use(part + " (URL-encoded)", index));
                    encodedUses.add(c.variable());
                }
            }
            return out;
        }

        /** The values some request sent back, in the order their answers came. */
        List<Carried> carried() {
            return uses.keySet().stream()
                    .map(c -> new Carried(c.variable(), c.offered(), c.from(), encodedUses.contains(c.variable())))
                    .toList();
        }

        /**
         * One line per carried value, the requests named as {@code names} has them: {@code token: from POST /login
         * answer $.token -> header Authorization of POST /orders, ...}.
         */
        List<String> said(List<String> requestNames) {
            List<String> out = new ArrayList<>();
            uses.forEach((c, where) -> out.add(c.variable() + ": from " + requestNames.get(c.from()) + " "
                    + c.offered().describe() + " -> "
                    + String.join(
                            ", ",
                            where.stream()
                                    .map(u -> u.part() + " of " + requestNames.get(u.index()))
                                    .toList())));
            return out;
        }
    }

    /**
     * The recorded literals left in a request that look made by a server (long runs of letters and digits): no answer
     * before it held them, so they are replayed as recorded and may not hold a second time.
     */
    static List<String> suspects(String requestName, Request r) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> texts = new ArrayList<>(List.of(r.pathAndQuery(), r.body()));
        r.headers().forEach(h -> texts.add(h.getValue()));
        for (String text : texts) {
            Matcher m = RANDOM_LOOKING.matcher(text);
            while (m.find()) {
                if (seen.add(m.group())) {
                    out.add(requestName + ": '" + m.group() + "' is sent as recorded (no answer before it held it)");
                }
            }
        }
        return out;
    }
}
