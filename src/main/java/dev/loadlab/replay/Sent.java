package dev.loadlab.replay;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.settings.OwnSecrets;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a tool sent, in one line, as the replay check names it where the replay first differs from the recording:
 * the method and URL, the headers, the body (its first 300 characters). Nothing secret is shown: a value the build
 * was given as a secret (what the journey's user types, target.auth's) is {@value #MASK} wherever it stands, raw or
 * form-encoded; an Authorization header shows its scheme, a Cookie header the cookies' names.
 */
public final class Sent {
    public static final String MASK = "****";
    /** What JMeter's extractors send when the answer did not hold the value: shown, it says why the request failed. */
    private static final String NOT_FOUND = "NOT_FOUND";

    private static final int MAX_BODY = 300;

    private Sent() {}

    /** The values never shown for an experiment: its secrets (LOADLAB_<EXPERIMENT>_...) and target.auth's. */
    public static Set<String> secrets(String experiment, Map<String, String> environment) {
        String own = OwnSecrets.environment(experiment, "");
        Set<String> names = Stream.of(ContractKnobs.TOKEN, ContractKnobs.USER, ContractKnobs.PASSWORD)
                .map(s -> s.environment())
                .collect(Collectors.toSet());
        return environment.entrySet().stream()
                .filter(e -> e.getKey().startsWith(own) || names.contains(e.getKey()))
                .map(Map.Entry::getValue)
                .filter(v -> !v.isEmpty())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** {@code POST https://host/login; Content-Type: ...; Cookie: sid=****; body: csrf=...&password=****}. */
    public static String describe(
            String method,
            String url,
            List<Map.Entry<String, String>> headers,
            String body,
            Collection<String> secrets) {
        StringBuilder out = new StringBuilder(method).append(' ').append(url);
        for (Map.Entry<String, String> h : headers) {
            if (!h.getKey().equalsIgnoreCase(OwnKnobs.TAG_HEADER)) {
                out.append("; ").append(h.getKey()).append(": ").append(header(h.getKey(), h.getValue()));
            }
        }
        if (!body.isEmpty()) {
            out.append("; body: ")
                    .append(
                            body.length() > MAX_BODY
                                    ? body.substring(0, MAX_BODY) + "... (" + body.length() + " chars)"
                                    : body);
        }
        return masked(out.toString(), secrets);
    }

    private static String header(String name, String value) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "authorization" -> {
                String[] parts = value.strip().split("\\s+", 2);
                yield parts.length == 2 && !parts[1].equals(NOT_FOUND) ? parts[0] + " " + MASK : value;
            }
            case "cookie" ->
                Stream.of(value.split(";"))
                        .map(c -> c.strip().split("=", 2)[0] + "=" + MASK)
                        .collect(Collectors.joining("; "));
            default -> value;
        };
    }

    static String masked(String text, Collection<String> secrets) {
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, MASK).replace(URLEncoder.encode(secret, StandardCharsets.UTF_8), MASK);
        }
        return out;
    }
}
