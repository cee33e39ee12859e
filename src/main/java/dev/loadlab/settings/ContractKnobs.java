package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.CONTRACT;

import java.util.List;

/**
 * Which experiments run, what every request carries, and the OData service the write study loads and the embedded
 * target serves (its paths, entity set and key, which the reference server reads too). Each study's own request
 * settings are in its package (dev.loadlab.studies); the defaults are the studies' own shapes, which the reference
 * server answers; a real service names its own.
 */
public final class ContractKnobs {
    private ContractKnobs() {}

    private static final Knobs contract = new Knobs(CONTRACT);

    /** The studies' experiments in the report's order (dev.loadlab.studies, where each is defined). */
    public static final List<String> EXPERIMENT_NAMES = StudyCatalogue.names();

    /** An experiment's name: the studies' own, or one of yours (CheckoutSimulation and jmeter/checkout.jmx: checkout). */
    private static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[a-z0-9][a-z0-9-]*");

    public static final Setting EXPERIMENTS = contract.text(
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
    public static final Setting REPLAY = contract.bool(
            "replay",
            false,
            "your own experiments once each, one user, on the first wire the target speaks (or -Dwires), each request's"
                    + " status set beside the recording's; the gate fails at the first that differs");

    /** ab (the latency study's tool) and wrk as outside references: never required, run only where installed. */
    public static final Setting OUTSIDE_TOOLS = contract.oneOf(
            "outside.tools",
            List.of("auto", "none"),
            "auto",
            "auto: where installed, ab runs the latency experiment's route and wrk the calibration loop (HTTP/1.1,"
                    + " cleartext), beside loadlab's figures; none: neither runs");

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
    public static final Setting AUTH = contract.oneOf(
            "target.auth",
            List.of("none", "bearer", "basic"),
            "none",
            "what every request carries: nothing, Authorization: Bearer $LOADLAB_TARGET_TOKEN, or Basic from $LOADLAB_TARGET_USER and $LOADLAB_TARGET_PASSWORD");
    public static final Setting TOKEN = contract.fromEnvironment("LOADLAB_TARGET_TOKEN")
            .text("target.token", "a token", v -> true, "", "", "bearer token of target.auth=bearer");
    public static final Setting USER = contract.fromEnvironment("LOADLAB_TARGET_USER")
            .text("target.user", "a user name", v -> true, "", "", "user of target.auth=basic");
    public static final Setting PASSWORD = contract.fromEnvironment("LOADLAB_TARGET_PASSWORD")
            .text("target.password", "a password", v -> true, "", "", "password of target.auth=basic");

    // odata-write (study 000): the shapes of the study's tool, cds-load-test, and of its CAP reference service
    // (test/refsrv: entity TestRecords, a cuid key and eleven fields; the JSON $batch; the REST action insertAll)
    public static final Setting SERVICE_PATH = contract.path(
            "odata.servicePath",
            "/odata/v4/load",
            "path of the OData service ($batch, the entity set); the study's reference service: /odata/v4/refsvc");
    public static final Setting ENTITY_SET = contract.text(
            "odata.entitySet",
            "an OData identifier",
            ContractKnobs::isIdentifier,
            "TestRecords",
            "",
            "entity set the writes create records in (the study's TestRecords)");
    public static final Setting KEY = contract.text(
            "odata.key",
            "an OData identifier",
            ContractKnobs::isIdentifier,
            "ID",
            "",
            "key property of the entity set: a create's answer must carry it (CAP's cuid aspect calls it ID)");
    public static final Setting BULK_PATH = contract.path(
            "odata.bulkPath",
            "/rest/mass-change/insertAll",
            "path of the custom REST bulk route: the study's reference service's REST action insertAll");
    static final List<Setting> ALL = contract.all();

    private static boolean isIdentifier(String value) {
        return value.matches("[A-Za-z_][A-Za-z0-9_]*");
    }
}
