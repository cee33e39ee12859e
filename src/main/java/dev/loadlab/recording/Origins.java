package dev.loadlab.recording;

import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.Reach;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a recording's requests went: the page's origin (its first request's), which is the build's target at replay;
 * each origin {@code -Dhar.targets} maps to a named target ({@code api=https://api.shop.example}), replayed against
 * {@code target.api.url}; and the others, left out and counted by origin, as no target of the build is there.
 */
final class Origins {
    static final String SETTING = "har.targets";

    private final String page;
    /** Each mapped origin ({@link #of(URI)}) and its target's name. */
    private final Map<String, String> named;

    private final Map<String, Integer> leftOut = new LinkedHashMap<>();

    Origins(URI page, Map<String, String> named) {
        this.page = of(page);
        this.named = named;
    }

    /**
     * {@code -Dhar.targets}: {@code name=origin} pairs, comma-separated, each name a named target's and each origin an
     * http(s) URL; one line that names the setting for anything else.
     */
    static Map<String, String> parse(String value) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : value.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? "" : pair.substring(0, eq).strip();
            String url = eq < 0 ? "" : pair.substring(eq + 1).strip();
            Optional<String> host = Reach.host(url);
            if (!NamedTargets.isName(name) || host.isEmpty()) {
                throw new IllegalArgumentException("-D" + SETTING + "=" + value + " is not allowed: expected"
                        + " name=origin pairs, comma-separated, each name a target's (api, login: lower-case letters"
                        + " and digits) and each origin the recorded one (api=https://api.shop.example)");
            }
            out.put(URI.create(url).getScheme().toLowerCase(Locale.ROOT) + "://" + host.get(), name);
        }
        return out;
    }

    /** A request's target: "" for the page's origin, a named target's name, or none (left out, counted). */
    Optional<String> targetOf(URI url) {
        String origin = of(url);
        if (origin.equals(page)) {
            return Optional.of("");
        }
        if (named.containsKey(origin)) {
            return Optional.of(named.get(origin));
        }
        leftOut.merge(url.getScheme() + "://" + url.getRawAuthority(), 1, Integer::sum);
        return Optional.empty();
    }

    int leftOutCount() {
        return leftOut.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** One line per origin left out: how many requests, and the setting that would keep them. */
    List<String> leftOutLines() {
        List<String> out = new ArrayList<>();
        leftOut.forEach((origin, n) -> out.add(n + " request" + (n == 1 ? "" : "s") + " to " + origin + " (no target"
                + " is named for it: -D" + SETTING + "=<name>=" + origin + " replays them against"
                + " target.<name>.url)"));
        return out;
    }

    /** {@code https://api.shop.example:443}: the scheme and {@link Reach#host(String)}'s host and port. */
    private static String of(URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        return scheme + "://" + Reach.host(scheme, url.getHost() == null ? "" : url.getHost(), url.getPort());
    }
}
