package dev.loadlab.studies.odatawrite;

import static dev.loadlab.settings.Setting.Part.CONTRACT;
import static dev.loadlab.settings.Setting.Part.GATLING;

import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The write study's settings (study 000): the record each write sends, the custom REST body's shape, and the
 * strategies, sizes and counts it writes. The OData service's paths, entity set and key are the target's contract
 * (dev.loadlab.settings.ContractKnobs), which the embedded target serves too.
 */
public final class WriteKnobs {
    private WriteKnobs() {}

    private static final Knobs contract = new Knobs(CONTRACT);
    private static final Knobs gatling = contract.part(GATLING);

    /** The templates shipped with loadlab, by name; any other value is the path of a template file. */
    public static final List<String> BUILT_IN_TEMPLATES = List.of("study", "study-long", "study-short");

    public static final Setting RECORD_TEMPLATE = contract.full("study")
            .text(
                    "odata.recordTemplate",
                    "study, study-long, study-short or the path of a JSON record template file (docs/studies.md)",
                    v -> BUILT_IN_TEMPLATES.contains(v) || Files.isRegularFile(Path.of(v)),
                    "study-short",
                    "",
                    "the record each write sends, the study's tool's TestRecords (a UUID key and 11 fields): study, its"
                            + " strings as that tool makes them (93 characters on average, at most 5,000); study-long,"
                            + " 5..5,000 evenly (2,500); study-short, 5..50; or your own template");
    public static final Setting BULK_SHAPE = contract.oneOf(
            "odata.bulkShape",
            List.of("capAction", "array"),
            "capAction",
            "body of the custom REST request: the study's action {insEntity, insArray}, or a bare JSON array of records");

    // ODataWriteSimulation (study 000): write strategies against a CAP-like OData service
    /** The study's table's 48 columns: 5..100 by 5, 200..1,000 by 100, 2,000..20,000 by 1,000. */
    static final String STUDY_RECORD_COUNTS = String.join(
            ",",
            IntStream.concat(
                            IntStream.rangeClosed(1, 20).map(i -> 5 * i),
                            IntStream.concat(
                                    IntStream.rangeClosed(2, 10).map(i -> 100 * i),
                                    IntStream.rangeClosed(2, 20).map(i -> 1000 * i)))
                    .mapToObj(Integer::toString)
                    .toList());

    public static final Setting STRATEGIES = gatling.someOf(
            "odata.strategies",
            List.of("sequential", "batch", "parallel", "customRest"),
            "sequential,batch,parallel,customRest",
            "write strategies to run");
    public static final Setting BATCH_SIZES = gatling.full("10,50,100,500,1000")
            .integers("odata.batchSizes", 1, 1000, "50", "records", "records per $batch request");
    public static final Setting PARALLEL_CONNECTIONS = gatling.full("10,50,100,500")
            .integers(
                    "odata.parallelConnections", 1, 1000, "10", "connections", "connections of the parallel strategy");
    public static final Setting RECORDS = gatling.full(STUDY_RECORD_COUNTS)
            .integers("odata.records", 1, 1_000_000, "10,100", "records", "record counts each strategy writes");
    public static final Setting BATCH_ATOMIC = gatling.bool(
            "odata.batchAtomic",
            false,
            "false: each create of a $batch is its own change (the study does not say how it formed its batches); true:"
                    + " one atomicity group"
                    + " (one transaction, all or nothing)");
    public static final Setting VERIFY_COUNT = gatling.bool(
            "odata.verifyCount",
            true,
            "after each write run the server's $count must have grown by its records, else verify fails (a lost or"
                    + " doubled write); false: not asked, so that a run reproducing the study's error onsets (with"
                    + " assert.maxErrorPct and gate.limits raised, docs/studies.md) reports them and passes");

    static final List<Setting> ALL = contract.all();
}
