package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.TARGET;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The services a journey reaches beside the target ({@code target.api.url}, {@code target.login.url}): each named once,
 * with a URL, a TLS URL and a certificate as the target has, and each a host the build may load. Their names are the
 * team's, so their settings are made per name (as {@link OwnKnobs}' are) rather than listed in {@link Catalogue}.
 */
public final class NamedTargets {
    private NamedTargets() {}

    /** What a named target's settings begin with: {@code target.<name>.}. */
    public static final String PREFIX = "target.";

    /** A name: a lower-case letter, then letters and digits (it becomes a part of JMeter property names). */
    static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9]{0,31}");

    /** {@code target.<name>.<field>}: three parts, where the target's own settings have two. */
    private static final Pattern GIVEN = Pattern.compile("target\\.([^.]+)\\.([^.]+)");

    private static final List<String> FIELDS = List.of("url", "tlsUrl", "certificate");

    /** Written by the build beside its settings (target.properties), never given: not a named target. */
    private static final List<String> WRITTEN = List.of("coldUrl");

    public static Setting url(String name) {
        return new Knobs(TARGET)
                .url(
                        PREFIX + name + ".url",
                        "",
                        "base URL of a second service the journeys reach, by the name <name> (target.api.url): a host the"
                                + " build may load, probed before load as the target is");
    }

    public static Setting tlsUrl(String name) {
        return new Knobs(TARGET)
                .url(
                        PREFIX + name + ".tlsUrl",
                        "",
                        "https base URL of that service on the TLS wires (HTTP/1.1 over TLS, h2); empty: target.<name>.url");
    }

    public static Setting certificate(String name) {
        return new Knobs(TARGET)
                .pemFile(
                        PREFIX + name + ".certificate",
                        "PEM certificate every tool trusts for that service (a self-signed one); empty: the JDK's CAs");
    }

    /** Whether {@code name} may name a target: a lower-case letter, then letters and digits. */
    public static boolean isName(String name) {
        return NAME.matcher(name).matches();
    }

    /** The three settings of a placeholder name, for docs/properties.md. */
    public static List<Setting> documented() {
        return List.of(url("<name>"), tlsUrl("<name>"), certificate("<name>"));
    }

    /** Every named target given a URL, sorted. */
    public static List<String> names(Settings settings) {
        return settings.given(PREFIX).stream()
                .map(GIVEN::matcher)
                .filter(Matcher::matches)
                .filter(m ->
                        m.group(2).equals("url") && NAME.matcher(m.group(1)).matches())
                .map(m -> m.group(1))
                .filter(name -> settings.isGiven(url(name)))
                .distinct()
                .sorted()
                .toList();
    }

    /** The base URL of {@code name} on a wire of TLS or not, without a trailing slash. */
    public static String urlOn(Settings settings, String name, boolean tls) {
        String url = settings.get(url(name));
        String tlsUrl = settings.get(tlsUrl(name));
        return (tls && !tlsUrl.isEmpty() ? tlsUrl : url).replaceAll("/+$", "");
    }

    /**
     * One line for each {@code target.<name>.<field>} that cannot be used: a field that is none of url, tlsUrl and
     * certificate, a name that is not one, a TLS URL or certificate without a URL, a value out of range.
     */
    public static List<String> problems(Settings settings) {
        List<String> lines = new ArrayList<>();
        for (String given : settings.given(PREFIX)) {
            Matcher m = GIVEN.matcher(given);
            if (!m.matches()
                    || WRITTEN.contains(m.group(1))
                    || settings.written(given).isEmpty()) {
                continue;
            }
            String name = m.group(1);
            String field = m.group(2);
            if (!NAME.matcher(name).matches() || !FIELDS.contains(field)) {
                lines.add(settings.asGiven(given) + " is not allowed: expected target.<name>.url, .tlsUrl or"
                        + " .certificate, <name> a lower-case letter then letters and digits (target.api.url)");
                continue;
            }
            Setting setting =
                    field.equals("url") ? url(name) : field.equals("tlsUrl") ? tlsUrl(name) : certificate(name);
            try {
                String value = settings.get(setting);
                if (field.equals("tlsUrl") && !value.startsWith("https://")) {
                    lines.add(settings.asGiven(given) + "=" + UrlMask.mask(value)
                            + " is not allowed: expected an https:// URL (the TLS wires' URL of " + name + ")");
                }
            } catch (SettingError e) {
                lines.add(e.getMessage());
                continue;
            }
            if (!field.equals("url") && !settings.isGiven(url(name))) {
                lines.add(settings.asGiven(given) + " is not allowed without "
                        + url(name).name() + ": expected the service's URL first ("
                        + url(name).name() + "=https://...)");
            }
        }
        return lines;
    }

    /** The names of every {@code target.<name>.<field>} given that is a named target's setting. */
    public static java.util.Set<String> resolvedNames(Settings settings) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (String given : settings.given(PREFIX)) {
            Matcher m = GIVEN.matcher(given);
            if (m.matches() && NAME.matcher(m.group(1)).matches() && FIELDS.contains(m.group(2))) {
                out.add(given);
            }
        }
        return out;
    }

    /** Every named target's settings as given, for the build's resolved settings (each forked JVM reads them). */
    public static Map<String, String> resolved(Settings settings) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : names(settings)) {
            for (Setting s : List.of(url(name), tlsUrl(name), certificate(name))) {
                out.put(s.name(), settings.get(s));
            }
        }
        return out;
    }

    /**
     * What a plan reads of a named target on one wire, as of the target ({@link TargetKnobs#urlParts}):
     * {@code target.<name>.url}, {@code .host}, {@code .port}, {@code .scheme}, {@code .basePath}.
     */
    public static Map<String, String> parts(String name, String wireUrl) {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(PREFIX + name + ".url", wireUrl);
        TargetKnobs.urlParts(wireUrl).forEach((k, v) -> out.put(PREFIX + name + k.substring("target".length()), v));
        return out;
    }
}
