package dev.loadlab.recording;

import java.util.List;

/**
 * A recording as a Gatling simulation of your own (Scala, on {@code dev.loadlab.OwnSimulation}): one request per
 * recorded one, with its name, method, path and query, headers, body and the status it got, and the think times
 * between them; the journey runs under the experiment's own settings ({@code <name>.users} and so on).
 */
final class SimulationWriter {
    static final String PACKAGE = "recorded";

    private SimulationWriter() {}

    static String write(String className, String experiment, String source, Har.Read recording) {
        StringBuilder s = new StringBuilder();
        s.append("""
                package %s

                import scala.concurrent.duration._

                import dev.loadlab.OwnSimulation
                import io.gatling.core.Predef._
                import io.gatling.http.Predef._

                /**
                 * Recorded in %s (%s) and turned into this by loadlab's HAR import
                 * (docs/own-scenarios.md): %s.
                 * jmeter/%s.jmx replays the same requests. Edit it as any simulation; its load comes from
                 * -D%s.users, .rampSeconds and .durationSeconds.
                 */
                class %s extends OwnSimulation {

                """.formatted(
                        PACKAGE, source, recording.origin(), summary(recording), experiment, experiment, className));
        if (!recording.secrets().isEmpty()) {
            s.append("  /** What the user typed, from the environment (secret(...)): never in this file. */\n")
                    .append("  private val secrets = Map(")
                    .append(recording.secrets().stream()
                            .sorted()
                            .map(n -> quote(n) + " -> secret(" + quote(n) + ")"
                                    + (sentEncoded(recording, n)
                                            ? ", " + quote(n + URL_SUFFIX) + " -> java.net.URLEncoder.encode(secret("
                                                    + quote(n) + "), \"UTF-8\")"
                                            : ""))
                            .collect(java.util.stream.Collectors.joining(", ")))
                    .append(")\n\n");
        }
        s.append("  private val journey =\n");
        if (!recording.secrets().isEmpty()) {
            s.append("    exec(_.setAll(secrets))\n");
        }
        List<Recorded> requests = recording.requests();
        for (int i = 0; i < requests.size(); i++) {
            Recorded r = requests.get(i);
            if (r.pauseMs() > 0 && i > 0) {
                s.append("    .pause(" + r.pauseMs() + ".milliseconds)\n");
            }
            boolean first = i == 0 && recording.secrets().isEmpty();
            s.append(first ? "    exec(\n" : "    .exec(\n");
            s.append("      request(" + quote(r.name()) + ", " + quote(r.method()) + ", " + url(r) + ")\n");
            r.headers().forEach((name, value) -> s.append("        .header(" + quote(name) + ", " + el(value) + ")\n"));
            if (Carrying.marked(r.body())) {
                s.append("        .body(StringBody(" + el(r.body()) + "))\n");
            } else if (!r.body().isEmpty()) {
                // ByteArrayBody: Gatling reads #{...} in a StringBody as its expression language
                s.append("        .body(ByteArrayBody(" + quote(r.body())
                        + ".getBytes(java.nio.charset.StandardCharsets.UTF_8)))\n");
            }
            s.append("        .check(status.is(" + r.status() + ")");
            for (Carrying.Carried c : r.carries()) {
                s.append(",\n          " + check(c));
            }
            s.append("))\n");
        }
        s.append("\n  setUp(ownLoad(journey)).protocols(httpProtocol)\n}\n");
        return s.toString();
    }

    static String summary(Har.Read recording) {
        return recording.requests().size() + " requests, " + recording.said().size() + " values carried; left out: "
                + recording.leftOutStatic() + " static resources, " + recording.leftOutBrowserOwn()
                + " of the browser's own, " + recording.leftOutOtherHosts() + " to other hosts";
    }

    /** Where a request goes: its path (httpProtocol's base URL is the target's), or a named target's URL and path. */
    private static String url(Recorded r) {
        return (r.target().isEmpty() ? "" : "targetUrl(" + quote(r.target()) + ") + ") + el(r.pathAndQuery());
    }

    /**
     * A Scala string of Gatling's expression language: each carried value and secret as #{name}; one sent URL-encoded
     * as #{name_url}, which its check saves encoded (Gatling's language cannot encode in place).
     */
    static String el(String text) {
        return quote(Carrying.variables(text, name -> "#{" + name + "}", name -> "#{" + name + URL_SUFFIX + "}"));
    }

    private static final String URL_SUFFIX = "_url";

    /** Whether a request sends secret {@code name} URL-encoded (a form field). */
    private static boolean sentEncoded(Har.Read recording, String name) {
        String marker = Carrying.encodedMarker(name);
        return recording.requests().stream()
                .anyMatch(r -> r.body().contains(marker) || r.pathAndQuery().contains(marker));
    }

    /** The check that takes a carried value from its answer into the user's session. */
    static String check(Carrying.Carried c) {
        String where = c.offered().where();
        String take = switch (c.offered().source()) {
            case JSON -> "jsonPath(" + quote(where) + ")";
            case HIDDEN_INPUT -> "css(" + quote("input[name='" + where + "']") + ", \"value\")";
            case META ->
                "css(" + quote("meta[name='" + where + "'], meta[property='" + where + "']") + ", \"content\")";
            case HEADER -> "header(" + quote(where) + ")";
            case REDIRECT_QUERY -> "headerRegex(\"Location\", " + quote("[?&]" + where + "=([^&#]*)") + ")";
        };
        String saved = take + ".saveAs(" + quote(c.variable()) + ")";
        return c.urlEncoded()
                ? saved + ",\n          " + take + ".transform(v => java.net.URLEncoder.encode(v, \"UTF-8\")).saveAs("
                        + quote(c.variable() + URL_SUFFIX) + ")"
                : saved;
    }

    /** A Scala string literal: quotes, backslashes and control characters escaped. */
    static String quote(String text) {
        StringBuilder q = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                case '\r' -> q.append("\\r");
                case '\t' -> q.append("\\t");
                default -> {
                    if (c < 0x20) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
