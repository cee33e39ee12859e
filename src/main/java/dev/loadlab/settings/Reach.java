package dev.loadlab.settings;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every host a run may reach, each by the target it belongs to: the target's URLs (the cleartext and the TLS one, and the
 * latency study's cold twins of it), and each named target's ({@link NamedTargets}). A host is a name and a port: on
 * loopback another port is another service, which a developer's own app may be. The build knows it before any load
 * ({@link #of}, from the settings and, once the target is up, the URLs it wrote), writes it down once
 * ({@link #PROPERTY}), and both tools hold every request to it.
 */
public record Reach(Map<String, String> targetByHost) {
    /** The name of the build's own target in the report's counts; named targets go by their names. */
    public static final String TARGET = "target";

    /** Where the build writes the reach for the tools that cannot read settings (JMeter: a property). */
    public static final String PROPERTY = "loadlab.reach";

    public Reach {
        targetByHost = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(targetByHost)); // in the order given
    }

    /** The hosts of the settings as they stand: the target's where known, its cold twins', every named target's. */
    public static Reach of(Settings settings) {
        Map<String, String> hosts = new LinkedHashMap<>();
        String url = settings.get(TargetKnobs.URL);
        String tlsUrl = settings.get(TargetKnobs.TLS_URL);
        for (String u : List.of(url, tlsUrl)) {
            host(u).ifPresent(h -> hosts.putIfAbsent(h, TARGET));
        }
        for (Wire wire : Wire.values()) {
            settings.written(TargetKnobs.COLD_URL_PREFIX + wire.id)
                    .flatMap(Reach::host)
                    .ifPresent(h -> hosts.putIfAbsent(h, TARGET));
        }
        for (String name : NamedTargets.names(settings)) {
            for (boolean tls : List.of(false, true)) {
                host(NamedTargets.urlOn(settings, name, tls)).ifPresent(h -> hosts.putIfAbsent(h, name));
            }
        }
        return new Reach(hosts);
    }

    /** {@code host:port} of an absolute http(s) URL, the port the scheme's where it names none; empty for another. */
    public static Optional<String> host(String url) {
        if (url == null || url.isBlank()) {
            return Optional.empty();
        }
        try {
            URI uri = URI.create(url.strip());
            if (uri.getHost() == null || uri.getScheme() == null) {
                return Optional.empty();
            }
            return Optional.of(host(uri.getScheme(), uri.getHost(), uri.getPort()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** {@code host:port} as this class compares them: the name in lower case, the scheme's port where none is given. */
    public static String host(String scheme, String host, int port) {
        int p = port > 0 ? port : "https".equalsIgnoreCase(scheme) || "wss".equalsIgnoreCase(scheme) ? 443 : 80;
        return host.toLowerCase(Locale.ROOT) + ":" + p;
    }

    /** The target a host belongs to; empty for a host no one named. */
    public Optional<String> targetOf(String host) {
        return Optional.ofNullable(targetByHost.get(host));
    }

    public boolean allows(String host) {
        return targetByHost.containsKey(host);
    }

    public boolean isEmpty() {
        return targetByHost.isEmpty();
    }

    /** The hosts in one line, for a message: {@code 127.0.0.1:8443 (target), api.example.com:443 (api)}. */
    public String described() {
        List<String> out = new ArrayList<>();
        targetByHost.forEach((host, target) -> out.add(host + " (" + target + ")"));
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    /** {@link #PROPERTY}'s value: {@code target=127.0.0.1:8443,api=api.example.com:443}. */
    public String written() {
        List<String> out = new ArrayList<>();
        targetByHost.forEach((host, target) -> out.add(target + "=" + host));
        return String.join(",", out);
    }

    /** A reach as {@link #written()} wrote it. */
    public static Reach parse(String written) {
        Map<String, String> hosts = new LinkedHashMap<>();
        for (String item : Values.items(written == null ? "" : written)) {
            int eq = item.indexOf('=');
            if (eq > 0) {
                hosts.putIfAbsent(
                        item.substring(eq + 1).strip(), item.substring(0, eq).strip());
            }
        }
        return new Reach(hosts);
    }
}
