package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.BODY;
import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.GATEWAY_LATENCY_PARAM;
import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.GATEWAY_PATH;
import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.GATEWAY_SIZE_PARAM;
import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.HEADERS;
import static dev.loadlab.studies.gatewaycapacity.GatewayKnobs.METHOD;

import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.shared.Answers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The gateway study's request, defined once from the settings: what Gatling sends at every step
 * (GatewayRequests.scala) and what the check before load asks (at 1 KiB and no latency). By default the reference
 * server's {@code GET /gateway/payload?kb=..&latencyMs=..}; a real gateway's is e.g. Apollo's {@code POST /graphql}
 * with a query document whose variables carry {@value #LATENCY} and {@value #PAYLOAD_KB}.
 *
 * @param bodyTemplate the body with its placeholders, empty for none (a GET)
 * @param headers      gateway.headers in the order given, with Content-Type application/json added for a body that
 *                     names none
 */
public record GatewayRequest(
        String method,
        String path,
        Optional<String> sizeParam,
        Optional<String> latencyParam,
        Optional<String> bodyTemplate,
        List<Map.Entry<String, String>> headers) {

    public static final String LATENCY = "{latencyMs}";
    public static final String PAYLOAD_KB = "{payloadKb}";

    /** Sent by target.auth from the environment only: a secret in a setting would be in a file and the report. */
    private static final List<String> SECRET_HEADERS = List.of("authorization", "proxy-authorization", "cookie");

    /** The HTTP clients set these themselves (the JDK's refuses them; Gatling would send two). */
    private static final List<String> CLIENT_HEADERS =
            List.of("host", "content-length", "connection", "expect", "upgrade", "transfer-encoding", "te");

    /** The request the settings describe; a body with GET, or a header loadlab may not send, is one SettingError. */
    public static GatewayRequest from(Settings s) {
        String method = s.get(METHOD);
        String body = s.get(BODY);
        if (!body.isEmpty() && method.equals("GET")) {
            throw new SettingError("-D" + BODY.name() + " is not allowed with -D" + METHOD.name() + "=GET: expected -D"
                    + METHOD.name() + "=POST to send a body (a GET sends none)");
        }
        List<Map.Entry<String, String>> headers = headers(s.get(HEADERS));
        if (!body.isEmpty() && headers.stream().noneMatch(h -> h.getKey().equalsIgnoreCase("Content-Type"))) {
            headers.add(Map.entry("Content-Type", "application/json"));
        }
        return new GatewayRequest(
                method,
                s.get(GATEWAY_PATH),
                parameter(s.get(GATEWAY_SIZE_PARAM)),
                parameter(s.get(GATEWAY_LATENCY_PARAM)),
                body.isEmpty() ? Optional.empty() : Optional.of(body.startsWith("@") ? read(body) : body),
                List.copyOf(headers));
    }

    /** The one-line problem of these settings, if any, for the build's first check. */
    public static Optional<String> problem(Settings s) {
        try {
            from(s);
            return Optional.empty();
        } catch (SettingError e) {
            return Optional.of(e.getMessage());
        }
    }

    /** The body of one request: the placeholders filled in with the step's latency and the payload's size. */
    public Optional<String> body(int payloadKb, int latencyMs) {
        return bodyTemplate.map(
                b -> b.replace(LATENCY, Integer.toString(latencyMs)).replace(PAYLOAD_KB, Integer.toString(payloadKb)));
    }

    /** The path with the size and latency parameters where the target has them. */
    public String pathAndQuery(int payloadKb, int latencyMs) {
        List<String> query = new ArrayList<>();
        sizeParam.ifPresent(name -> query.add(name + "=" + payloadKb));
        latencyParam.ifPresent(name -> query.add(name + "=" + latencyMs));
        return path + (query.isEmpty() ? "" : "?" + String.join("&", query));
    }

    /**
     * What the check before load sends: the same request at the smallest answer and no upstream latency, a GraphQL
     * answer judged as at every step (its size is not: at 1 KiB a server's own wrapping of the payload is a large share).
     */
    public Experiment.Check check() {
        Experiment.Check check = new Experiment.Check(method, pathAndQuery(1, 0), body(1, 0), headers);
        return graphql() ? check.answered(answer -> Answers.graphql(answer.getBytes(StandardCharsets.UTF_8))) : check;
    }

    /** Whether each request tells the target the upstream latency to take (gateway.latencyParam, or it in the body). */
    public boolean carriesLatency() {
        return latencyParam.isPresent()
                || bodyTemplate.filter(b -> b.contains(LATENCY)).isPresent();
    }

    /** Whether it is a GraphQL request (a body that is a JSON object with a query), whose answer is GraphQL's. */
    public boolean graphql() {
        return body(1, 0).map(Answers::isGraphqlRequest).orElse(false);
    }

    /**
     * The payload's size in bytes an answer must carry, where the request sets it (gateway.sizeParam, or
     * {@value #PAYLOAD_KB} in the body); none where it does not, and then no size is checked.
     */
    public OptionalLong payloadBytes(int payloadKb) {
        boolean sized = sizeParam.isPresent()
                || bodyTemplate.filter(b -> b.contains(PAYLOAD_KB)).isPresent();
        return sized ? OptionalLong.of(payloadKb * 1024L) : OptionalLong.empty();
    }

    /**
     * What is wrong with the body of a 200 to this request at {@code payloadKb}, if anything (Answers): a GraphQL
     * answer's errors or missing data first (its size then says nothing), then a payload short or long by more than a
     * tenth. {@code graphql} is {@link #graphql()}, worked out once by a caller that judges many answers.
     */
    public Optional<String> answerProblem(byte[] body, int payloadKb, boolean graphql) {
        Optional<String> wrong = graphql ? Answers.graphql(body) : Optional.empty();
        if (wrong.isPresent()) {
            return wrong;
        }
        OptionalLong expected = payloadBytes(payloadKb);
        return expected.isPresent() ? Answers.size(body.length, expected.getAsLong()) : Optional.empty();
    }

    private static List<Map.Entry<String, String>> headers(String setting) {
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        if (setting.isEmpty()) {
            return headers;
        }
        for (String entry : setting.split("\\|")) {
            int colon = entry.indexOf(':');
            String name = entry.substring(0, colon).strip();
            String lower = name.toLowerCase(Locale.ROOT);
            if (SECRET_HEADERS.contains(lower)) {
                throw SettingError.notAllowed(
                        HEADERS.name(),
                        name + ": ***",
                        "no " + name + " header here: secrets come from the environment (target.auth=bearer|basic)");
            }
            if (CLIENT_HEADERS.contains(lower)) {
                throw SettingError.notAllowed(
                        HEADERS.name(),
                        entry.strip(),
                        "no " + name + " header: the HTTP client sets it (not one of "
                                + String.join("|", CLIENT_HEADERS) + ")");
            }
            headers.add(Map.entry(name, entry.substring(colon + 1).strip()));
        }
        return headers;
    }

    private static String read(String atPath) {
        Path file = Path.of(atPath.substring(1));
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw SettingError.notAllowed(
                    BODY.name(),
                    atPath,
                    "a readable file after @ (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A parameter's name; "none" (or empty, from a summary's settings) for a target that takes none. */
    private static Optional<String> parameter(String value) {
        return value.isEmpty() || value.equals("none") ? Optional.empty() : Optional.of(value);
    }
}
