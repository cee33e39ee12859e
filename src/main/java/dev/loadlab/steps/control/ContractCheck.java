package dev.loadlab.steps.control;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Before any load: one request per chosen experiment on the path it will load, as the experiment's tools will send
 * it (HTTP/1.1, the target's authentication, the gateway study's method, body and headers), so that a path the
 * target does not serve, or serves with an answer its study cannot use (Experiment.Check#answer), stops the build in
 * one line rather than failing every request of a run. The bench needs no path: it checks its own database.
 *
 * <p>A path is not asked where its first request must be the load's: on the embedded target such a study's tools go
 * to a companion server nothing touched before (the latency study's cold run, its Test 1 against a function no request
 * had warmed; Study#companions), and on a target of yours, which has none, the load itself comes first. That target
 * was still reached: its URL's root answered ({@link TargetProbe}) and each wire was probed there ({@link WireCheck});
 * a wrong path or id then shows as that run's failed requests.
 */
final class ContractCheck {
    private static final int SHOWN_BODY_CHARS = 120;

    private ContractCheck() {}

    /**
     * Each chosen experiment's path answers as it needs; else one line on stderr. {@code leftToLoad}: the
     * experiments whose path is left to their load, by the setting that asks it (Companions#leftToLoad).
     */
    static boolean holds(Settings settings, String url, Map<String, String> leftToLoad) throws InterruptedException {
        notAsked(settings, leftToLoad).forEach(line -> System.out.println("loadlab: " + line));
        Optional<String> problem = firstProblem(settings, url, leftToLoad.keySet());
        problem.ifPresent(p -> System.err.println("loadlab: " + p));
        return problem.isEmpty();
    }

    /**
     * The first experiment whose path does not answer as it needs, as one line; empty when all do. The experiments
     * {@code leftToLoad} are not asked.
     */
    static Optional<String> firstProblem(Settings settings, String baseUrl, Set<String> leftToLoad)
            throws InterruptedException {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1) // a check must not move the server's h2 counters
                .proxy(HttpClient.Builder.NO_PROXY)
                .connectTimeout(Duration.ofMillis(settings.integer(TargetKnobs.PROBE_TIMEOUT_MS)))
                .build();
        Optional<String> auth = TargetAuth.header(settings);
        for (Map.Entry<String, Experiment.Check> check :
                requests(settings, leftToLoad).entrySet()) {
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
            Optional<String> wrong = asked.answer().apply(response.body());
            if (wrong.isPresent()) {
                return Optional.of(where + " answered " + shown(response.body()) + ": " + wrong.get());
            }
        }
        return Optional.empty();
    }

    /** Each chosen HTTP experiment and the request it loads (Experiment#checked), but those {@code leftToLoad}. */
    static Map<String, Experiment.Check> requests(Settings settings, Set<String> leftToLoad) {
        List<String> chosen = ContractKnobs.chosen(settings);
        Map<String, Experiment.Check> requests = new LinkedHashMap<>();
        for (Experiment e : Studies.experiments()) {
            if (chosen.contains(e.name()) && !leftToLoad.contains(e.name())) {
                e.checked().apply(settings).ifPresent(request -> requests.put(e.name(), request));
            }
        }
        return requests;
    }

    /** A line for each experiment whose path was not asked, saying why. */
    static List<String> notAsked(Settings settings, Map<String, String> leftToLoad) {
        List<String> lines = new ArrayList<>();
        for (Experiment e : Studies.experiments()) {
            String askedBy = leftToLoad.get(e.name());
            if (askedBy != null) {
                e.checked()
                        .apply(settings)
                        .ifPresent(request -> lines.add("experiment " + e.name() + ": "
                                + request.pathAndQuery() + " not asked before load: its first request is its load's ("
                                + askedBy + "); a wrong path or answer shows as its failed requests"));
            }
        }
        return lines;
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
