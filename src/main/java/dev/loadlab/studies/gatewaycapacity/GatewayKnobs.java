package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.settings.Setting.Part.CONTRACT;
import static dev.loadlab.settings.Setting.Part.GATLING;

import dev.loadlab.settings.Engines;
import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Values;
import dev.loadlab.shared.CapacitySearch;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/** The gateway study's settings (study 003): its request, its load, its search's criteria, and the pod it is set against. */
public final class GatewayKnobs {
    private GatewayKnobs() {}

    private static final Knobs contract = new Knobs(CONTRACT);
    private static final Knobs gatling = contract.part(GATLING);

    // the request: its route and the query parameters that set the answer's size and the upstream latency
    public static final Setting GATEWAY_PATH = contract.path(
            "gateway.path", "/gateway/payload", "the gateway experiment's route (answers 200 to gateway.method)");
    public static final Setting GATEWAY_SIZE_PARAM = contract.text(
            "gateway.sizeParam",
            "a query parameter name, or none",
            v -> v.matches("[A-Za-z0-9_.-]*"),
            "kb",
            "",
            "query parameter of gateway.path that sets the answer's size in KiB (gateway.payloadKb); none: not sent (an empty value is the default)");
    public static final Setting GATEWAY_LATENCY_PARAM = contract.text(
            "gateway.latencyParam",
            "a query parameter name, or none",
            v -> v.matches("[A-Za-z0-9_.-]*"),
            "latencyMs",
            "",
            "query parameter of gateway.path that sets the upstream latency in ms (gateway.latenciesMs); none: not sent (an empty value is the default)");

    // The request's shape beyond gateway.path: what a real gateway needs, e.g. Apollo's POST /graphql
    // with a query document, or a CSRF-preventing header. The defaults are the reference server's GET.
    public static final Setting METHOD = contract.oneOf(
            "gateway.method",
            List.of("GET", "POST"),
            "GET",
            "HTTP method of the gateway experiment's request (POST sends gateway.body)");

    /** {latencyMs} and {payloadKb} in the body are filled in per request, as latency.path's {fooId} is. */
    public static final Setting BODY = contract.text(
            "gateway.body",
            "empty, the body itself, or @ and the path of a readable file that holds it",
            v -> !v.startsWith("@") || Files.isReadable(Path.of(v.substring(1))),
            "",
            "",
            "body of the gateway request, sent as it is (POST only), e.g. a GraphQL document with its variables as"
                    + " JSON; {latencyMs} and {payloadKb} in it become the step's upstream latency and gateway.payloadKb;"
                    + " Content-Type application/json unless gateway.headers names one; empty: no body");

    /** A header name (RFC 9110's token, without the separator |) followed by ':' and a value without CR or LF. */
    private static final Pattern HEADER = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`~-]+:[^\\r\\n]*\\S[^\\r\\n]*");

    public static final Setting HEADERS = contract.text(
            "gateway.headers",
            "empty, or Name: value entries separated by | (e.g. apollo-require-preflight: true|x-team: a)",
            v -> v.isEmpty()
                    || Values.items(v, "\\|").stream()
                            .allMatch(h -> HEADER.matcher(h).matches()),
            "",
            "",
            "headers of every gateway request besides the target's (target.auth: secrets come from the environment,"
                    + " never from here); empty: none");

    /** Loopback only: the build reads the subgraph's own times and its process, which only a process here has. */
    public static final Setting SUBGRAPH_URL = gatling.text(
            "gateway.subgraphUrl",
            "empty, or http://127.0.0.1:<port> (loadlab's reference server on loopback as the gateway's subgraph)",
            v -> v.isEmpty()
                    || Values.isHttpUrl(v) && Engines.isLoopback(URI.create(v).getHost()),
            "",
            "URL",
            "loadlab's subgraph behind a gateway of yours (scripts/apollo-gateway.mjs): its own answers' times (the"
                    + " subgraph P95) and its CPU and memory per step, and the gateway's own answers' times where it"
                    + " serves them at /loadlab/answers (the supergraph P95); empty: the target's Server-Timing");

    // GatewayCapacitySimulation (study 003): open model, stepped arrival rate
    public static final Setting PAYLOAD_KB =
            gatling.integer("gateway.payloadKb", 1, 8192, 100, "KiB", "response size of the gateway route");
    public static final Setting LATENCIES_MS = gatling.full("100,5000")
            .integers(
                    "gateway.latenciesMs",
                    0,
                    60_000,
                    "100",
                    "ms",
                    "synthetic upstream latencies, one series of steps each");
    public static final Setting GATEWAY_START_RPS = gatling.integer(
            "gateway.startRps", 1, 100_000, 1, "requests/s", "first arrival rate; each doubling step doubles it");
    public static final Setting GATEWAY_MAX_RPS = gatling.full("128")
            .integer("gateway.maxRps", 1, 100_000, 16, "requests/s", "last arrival rate (at least gateway.startRps)");
    public static final Setting GATEWAY_STEP_SECONDS =
            gatling.seconds("gateway.stepSeconds", 1, 1, "60", "duration of each rate step");
    public static final Setting GATEWAY_COOL_DOWN_SECONDS = gatling.seconds(
            "gateway.coolDownSeconds",
            0,
            0,
            "10",
            "no load between two steps, after the last answer of the one before (the target settles)");
    public static final Setting GATEWAY_RESOLUTION_RPS = gatling.full("2")
            .integer(
                    "gateway.searchResolutionRps",
                    1,
                    100_000,
                    1,
                    "requests/s",
                    "the search between the last sustained and the first broken rate stops at this interval");
    public static final Setting GATEWAY_MAX_ERROR_PCT = gatling.decimal(
            "gateway.maxErrorPct", 0, 100, 1, "%", "a step is sustained with at most these failed requests");
    public static final Setting GATEWAY_MIN_ACHIEVED_PCT = gatling.decimal(
            "gateway.minAchievedPct",
            0,
            100,
            95,
            "%",
            "and with its answers coming back at least at this share of the offered rate");
    public static final Setting GATEWAY_MAX_P95_OVERHEAD_MS = gatling.integer(
            "gateway.maxP95OverheadMs",
            0,
            3_600_000,
            0,
            "ms",
            "and with client P95 <= upstream latency + this (0: no P95 condition, as in the study)");

    /**
     * The study's gateway held 32 TPS 54 and 62 ms over its 100 ms and 5 s latencies (client P95); at 64 it was 764 ms
     * over at 100 ms and failed at 5 s.
     */
    public static final Setting GATEWAY_DEGRADATION_MARGIN_MS = gatling.integer(
            "gateway.degradationMarginMs",
            0,
            3_600_000,
            100,
            "ms",
            "no degradation up to the highest rate whose step, and every lower one, kept client P95 within this of the"
                    + " upstream latency; what broke a step is the part of its time that grew most past it");
    // The study's gateway pod: the gateway's use is set beside these (docs/gatling.md); gateway.capCpu enforces the
    // limit
    public static final Setting GATEWAY_CPU_REQUEST = gatling.integer(
            "gateway.cpuRequestMillicores", 1, 1_000_000, 1500, "millicores", "the gateway's CPU request");
    public static final Setting GATEWAY_CPU_LIMIT =
            gatling.integer("gateway.cpuLimitMillicores", 1, 1_000_000, 2000, "millicores", "the gateway's CPU limit");
    public static final Setting GATEWAY_CAP_CPU = gatling.bool(
            "gateway.capCpu",
            false,
            "the embedded gateway's process capped at gateway.cpuLimitMillicores as a container's limit caps it (a Linux"
                    + " cgroup of its own; refused where the machine has no CPU controller this build may write)");
    public static final Setting GATEWAY_MEMORY_REQUEST =
            gatling.integer("gateway.memoryRequestMb", 1, 1_000_000, 3000, "MB", "the gateway's memory request");
    public static final Setting GATEWAY_MEMORY_LIMIT =
            gatling.integer("gateway.memoryLimitMb", 1, 1_000_000, 4000, "MB", "the gateway's memory limit");

    static final List<Setting> ALL = contract.all();

    /** When a step counts as sustained, by gateway.*: the simulation judges its steps and the report describes them by it. */
    public static CapacitySearch.Criteria criteria(Settings s) {
        return new CapacitySearch.Criteria(
                s.decimal(GATEWAY_MAX_ERROR_PCT),
                s.decimal(GATEWAY_MIN_ACHIEVED_PCT),
                s.longValue(GATEWAY_MAX_P95_OVERHEAD_MS));
    }
}
