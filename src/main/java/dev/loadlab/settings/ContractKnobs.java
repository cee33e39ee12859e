package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.CONTRACT;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Which experiments run, and what each needs of the target: its paths, the shapes it sends and expects. The
 * defaults are the studies' own shapes, which the reference server answers; a real service names its own.
 */
public final class ContractKnobs {
    private ContractKnobs() {}

    public static final String API_GATEWAY = "api-gateway";
    public static final String LATENCY = "latency";
    public static final String GATEWAY_CAPACITY = "gateway-capacity";
    public static final String ODATA_WRITE = "odata-write";
    public static final String BULK = "bulk";
    /** Not a study: the scenario every tool runs alike, to prove the others' figures (CalibrationKnobs). */
    public static final String CALIBRATION = "calibration";
    /** The studies' experiments in the report's order (dev.loadlab.studies, where each is defined). */
    public static final List<String> EXPERIMENT_NAMES = StudyCatalogue.names();

    /** An experiment's name: the studies' own, or one of yours (CheckoutSimulation and jmeter/checkout.jmx: checkout). */
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9-]*");

    public static final Setting EXPERIMENTS = Setting.text(
            CONTRACT,
            "experiments",
            "a comma-separated list of " + String.join("|", EXPERIMENT_NAMES)
                    + "|<yours> (a simulation <Yours>Simulation or a plan jmeter/<yours>.jmx)",
            v -> v.isBlank()
                    || Values.items(v).stream().allMatch(n -> NAME.matcher(n).matches()),
            "",
            "",
            "the experiments that run, the studies' and your own; the others are left out of the load, the report and"
                    + " the gate; empty: every one");

    /**
     * The replay check of your own experiments (docs/own-scenarios.md): each tool runs each journey once, one user, on
     * one wire, and the gate sets each request's replayed status beside the recorded one.
     */
    public static final Setting REPLAY = Setting.bool(
            CONTRACT,
            "replay",
            false,
            "your own experiments once each, one user, on the first wire the target speaks (or -Dwires), each request's"
                    + " status set beside the recording's; the gate fails at the first that differs");

    /** The experiments -Dexperiments names, the studies' and your own; none when it names none (then every one). */
    public static List<String> named(Settings settings) {
        return settings.get(EXPERIMENTS).isBlank() ? List.of() : settings.items(EXPERIMENTS);
    }

    /** The studies' experiments -Dexperiments chose (all when it names none), in the studies' order. */
    public static List<String> chosen(Settings settings) {
        List<String> given = named(settings);
        return EXPERIMENT_NAMES.stream()
                .filter(e -> given.isEmpty() || given.contains(e))
                .toList();
    }

    // authentication against a real service: the kind is a setting, the secrets come from the environment only
    public static final Setting AUTH = Setting.oneOf(
            CONTRACT,
            "target.auth",
            List.of("none", "bearer", "basic"),
            "none",
            "what every request carries: nothing, Authorization: Bearer $LOADLAB_TARGET_TOKEN, or Basic from $LOADLAB_TARGET_USER and $LOADLAB_TARGET_PASSWORD");
    public static final Setting TOKEN = Setting.text(
                    CONTRACT, "target.token", "a token", v -> true, "", "", "bearer token of target.auth=bearer")
            .fromEnvironment("LOADLAB_TARGET_TOKEN");
    public static final Setting USER = Setting.text(
                    CONTRACT, "target.user", "a user name", v -> true, "", "", "user of target.auth=basic")
            .fromEnvironment("LOADLAB_TARGET_USER");
    public static final Setting PASSWORD = Setting.text(
                    CONTRACT, "target.password", "a password", v -> true, "", "", "password of target.auth=basic")
            .fromEnvironment("LOADLAB_TARGET_PASSWORD");

    // api-gateway (study 004)
    public static final Setting API_PATH = Setting.path(
            CONTRACT, "api.path", "/users/getAllUsers", "the API-gateway experiment's route (GET, answers 200)");

    // latency (study 001)
    public static final Setting LATENCY_PATH = Setting.text(
            CONTRACT,
            "latency.path",
            "a path starting with / that may hold {fooId} and {barId}",
            v -> v.startsWith("/")
                    && !v.contains(" ")
                    && v.replaceAll("\\{(fooId|barId)}", "").matches("[^{}]*"),
            "/foo/{fooId}/bar/{barId}",
            "",
            "the ab experiment's route as a template; {fooId} and {barId} are filled in from latency.fooId and latency.barId"
                    + " (the embedded target answers it with the study's REST API headers, under /http-api/foo/...."
                    + " with its HTTP API's)");
    /** latency.path with its ids filled in: the route every tool of the latency experiment loads. */
    public static String latencyPath(Settings settings) {
        return settings.get(LATENCY_PATH)
                .replace("{fooId}", settings.get(FOO_ID))
                .replace("{barId}", settings.get(BAR_ID));
    }

    public static final Setting FOO_ID =
            Setting.integer(CONTRACT, "latency.fooId", 0, Integer.MAX_VALUE, 2, "", "{fooId} of latency.path");
    public static final Setting BAR_ID =
            Setting.integer(CONTRACT, "latency.barId", 0, Integer.MAX_VALUE, 3, "", "{barId} of latency.path");
    public static final Setting ID_TYPE = Setting.oneOf(
            CONTRACT,
            "latency.idType",
            List.of("string", "number", "none"),
            "string",
            "how the answer carries foo_id and bar_id: JSON strings (the study's router), JSON numbers, or not checked");

    // gateway-capacity (study 003); its method, body and headers are GatewayKnobs'
    public static final Setting GATEWAY_PATH = Setting.path(
            CONTRACT,
            "gateway.path",
            "/gateway/payload",
            "the gateway experiment's route (answers 200 to gateway.method)");
    public static final Setting GATEWAY_SIZE_PARAM = Setting.text(
            CONTRACT,
            "gateway.sizeParam",
            "a query parameter name, or none",
            v -> v.matches("[A-Za-z0-9_.-]*"),
            "kb",
            "",
            "query parameter of gateway.path that sets the answer's size in KiB (gateway.payloadKb); none: not sent (an empty value is the default)");
    public static final Setting GATEWAY_LATENCY_PARAM = Setting.text(
            CONTRACT,
            "gateway.latencyParam",
            "a query parameter name, or none",
            v -> v.matches("[A-Za-z0-9_.-]*"),
            "latencyMs",
            "",
            "query parameter of gateway.path that sets the upstream latency in ms (gateway.latenciesMs); none: not sent (an empty value is the default)");

    // odata-write (study 000): the shapes of the study's tool, cds-load-test, and of its CAP reference service
    // (test/refsrv: entity TestRecords, a cuid key and eleven fields; the JSON $batch; the REST action insertAll)
    public static final Setting SERVICE_PATH = Setting.path(
            CONTRACT,
            "odata.servicePath",
            "/odata/v4/load",
            "path of the OData service ($batch, the entity set); the study's reference service: /odata/v4/refsvc");
    public static final Setting ENTITY_SET = Setting.text(
            CONTRACT,
            "odata.entitySet",
            "an OData identifier",
            ContractKnobs::isIdentifier,
            "TestRecords",
            "",
            "entity set the writes create records in (the study's TestRecords)");
    public static final Setting KEY = Setting.text(
            CONTRACT,
            "odata.key",
            "an OData identifier",
            ContractKnobs::isIdentifier,
            "ID",
            "",
            "key property of the entity set: a create's answer must carry it (CAP's cuid aspect calls it ID)");
    /** The templates shipped with loadlab, by name; any other value is the path of a template file. */
    public static final List<String> BUILT_IN_TEMPLATES = List.of("study", "study-long", "study-short");

    public static final Setting RECORD_TEMPLATE = Setting.text(
                    CONTRACT,
                    "odata.recordTemplate",
                    "study, study-long, study-short or the path of a JSON record template file (docs/studies.md)",
                    v -> BUILT_IN_TEMPLATES.contains(v) || Files.isRegularFile(Path.of(v)),
                    "study-short",
                    "",
                    "the record each write sends, the study's tool's TestRecords (a UUID key and 11 fields): study, its"
                            + " strings as that tool makes them (93 characters on average, at most 5,000); study-long,"
                            + " 5..5,000 evenly (2,500); study-short, 5..50; or your own template")
            .full("study");
    public static final Setting BULK_PATH = Setting.path(
            CONTRACT,
            "odata.bulkPath",
            "/rest/mass-change/insertAll",
            "path of the custom REST bulk route: the study's reference service's REST action insertAll");
    public static final Setting BULK_SHAPE = Setting.oneOf(
            CONTRACT,
            "odata.bulkShape",
            List.of("capAction", "array"),
            "capAction",
            "body of the custom REST request: the study's action {insEntity, insArray}, or a bare JSON array of records");

    static final List<Setting> ALL = List.of(
            EXPERIMENTS,
            REPLAY,
            AUTH,
            TOKEN,
            USER,
            PASSWORD,
            API_PATH,
            LATENCY_PATH,
            FOO_ID,
            BAR_ID,
            ID_TYPE,
            GATEWAY_PATH,
            GATEWAY_SIZE_PARAM,
            GATEWAY_LATENCY_PARAM,
            SERVICE_PATH,
            ENTITY_SET,
            KEY,
            RECORD_TEMPLATE,
            BULK_PATH,
            BULK_SHAPE);

    private static boolean isIdentifier(String value) {
        return value.matches("[A-Za-z_][A-Za-z0-9_]*");
    }
}
