package dev.loadlab.steps.control;

import static dev.loadlab.settings.ContractKnobs.LATENCY;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.shared.TargetAuth;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Before any load: one request per chosen experiment on the path it will load, as the experiment's tools will send
 * it (HTTP/1.1, the target's authentication, the gateway study's method, body and headers), so that a path the
 * target does not serve stops the build in one line rather than failing every request of a run. The bench needs no path: it checks its own database.
 *
 * <p>One path is not asked where its first request must be the load's: the latency study's cold run (latency.coldRun)
 * is its Test 1, against a function no request has warmed, so when that run goes to the checked target itself (a
 * target of yours; the embedded target's cold run goes to a server of its own, {@link ColdTargets}) nothing here
 * touches latency.path. That target was still reached: its URL's root answered ({@link TargetProbe}) and each wire
 * was probed there ({@link WireCheck}); a wrong path or id then shows as the cold run's failed requests.
 */
final class ContractCheck {
    private static final int SHOWN_BODY_CHARS = 120;

    private ContractCheck() {}

    /**
     * Each chosen experiment's path answers as it needs ; else one line on stderr. With
     * {@code coldRunHere} (the latency study's cold run loads this target), its path is left to that run.
     */
    static boolean holds(Settings settings, String url, boolean coldRunHere) throws InterruptedException {
        notAsked(settings, coldRunHere).ifPresent(line -> System.out.println("loadlab: " + line));
        Optional<String> problem = firstProblem(settings, url, coldRunHere);
        problem.ifPresent(p -> System.err.println("loadlab: " + p));
        return problem.isEmpty();
    }

    /**
     * The first experiment whose path does not answer as it needs, as one line; empty when all do. With
     * {@code coldRunHere} (the latency study's cold run will load this target), latency.path is not asked.
     */
    static Optional<String> firstProblem(Settings settings, String baseUrl, boolean coldRunHere)
            throws InterruptedException {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1) // a check must not move the server's h2 counters
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(Duration.ofMillis(settings.integer(TargetKnobs.PROBE_TIMEOUT_MS)))
                .build();
        Optional<String> auth = TargetAuth.header(settings);
        for (Map.Entry<String, Experiment.Check> check :
                requests(settings, coldRunHere).entrySet()) {
            String experiment = check.getKey();
            Experiment.Check asked = check.getValue();
            String url = baseUrl.replaceAll("/+$", "") + asked.pathAndQuery();
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofMillis(settings.integer(TargetKnobs.PROBE_TIMEOUT_MS)))
                    .method(
                            asked.method(),
                            asked.body()
                                    .map(HttpRequest.BodyPublishers::ofString)
                                    .orElse(HttpRequest.BodyPublishers.noBody()))
                    .header("Accept", "application/json");
            auth.ifPresent(value -> request.header("Authorization", value));
            asked.headers().forEach(h -> request.setHeader(h.getKey(), h.getValue())); // the experiment's own win
            String where = "experiment " + experiment + ": " + asked.method() + " " + UrlMask.mask(url);
            HttpResponse<String> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                return Optional.of(where + " got no answer (" + e.getClass().getSimpleName() + ")" + leaveOut());
            }
            if (response.statusCode() != 200) {
                return Optional.of(where + " answered " + response.statusCode() + " " + shown(response.body())
                        + ", expected 200" + leaveOut());
            }
            if (experiment.equals(LATENCY)) {
                Optional<String> ids = idProblem(settings, response.body());
                if (ids.isPresent()) {
                    return Optional.of(where + " answered " + shown(response.body()) + ": " + ids.get());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Each chosen HTTP experiment and the request it loads (Experiment#checked); without the latency study's with
     * {@code coldRunHere}, whose cold run must be the first request to its path.
     */
    static Map<String, Experiment.Check> requests(Settings settings, boolean coldRunHere) {
        List<String> chosen = ContractKnobs.chosen(settings);
        Map<String, Experiment.Check> requests = new LinkedHashMap<>();
        for (Experiment e : Studies.experiments()) {
            if (chosen.contains(e.name()) && !(coldRunHere && e.name().equals(LATENCY))) {
                e.checked().apply(settings).ifPresent(request -> requests.put(e.name(), request));
            }
        }
        return requests;
    }

    /** The line that says the latency path was not asked, and why; empty when it was (or is not chosen). */
    static Optional<String> notAsked(Settings settings, boolean coldRunHere) {
        if (!coldRunHere || !ContractKnobs.chosen(settings).contains(LATENCY)) {
            return Optional.empty();
        }
        return Optional.of("experiment " + LATENCY + ": " + ContractKnobs.latencyPath(settings) + " not asked before"
                + " load: the cold run (" + GatlingKnobs.LATENCY_COLD_RUN.name() + ") is the first request to it;"
                + " a wrong path or id shows as its failed requests");
    }

    /** foo_id and bar_id as latency.idType says the target sends them; empty when they are (or are not checked). */
    static Optional<String> idProblem(Settings settings, String body) {
        String type = settings.get(ContractKnobs.ID_TYPE);
        if (type.equals("none")) {
            return Optional.empty();
        }
        JsonNode json;
        try {
            json = new ObjectMapper().readTree(body);
        } catch (IOException e) {
            return Optional.of("not JSON, expected foo_id and bar_id (or -Dlatency.idType=none)");
        }
        for (String field : List.of("foo_id", "bar_id")) {
            String expected = settings.get(field.equals("foo_id") ? ContractKnobs.FOO_ID : ContractKnobs.BAR_ID);
            JsonNode node = json == null ? null : json.get(field);
            boolean typed = node != null && (type.equals("string") ? node.isTextual() : node.isNumber());
            if (!typed || !node.asText().equals(expected)) {
                return Optional.of(
                        "expected " + field + " " + (type.equals("string") ? "\"" + expected + "\"" : expected)
                                + " (a JSON " + type + ", -Dlatency.idType=" + type + "; allowed: string|number|none)");
            }
        }
        return Optional.empty();
    }

    private static String shown(String body) {
        String oneLine = body.replaceAll("\\s+", " ").strip();
        return oneLine.isEmpty()
                ? "(no body)"
                : "'" + (oneLine.length() > SHOWN_BODY_CHARS ? oneLine.substring(0, SHOWN_BODY_CHARS) + "..." : oneLine)
                        + "'";
    }

    private static String leaveOut() {
        return "; no load was sent (choose the experiments your target serves with -Dexperiments=...)";
    }
}
