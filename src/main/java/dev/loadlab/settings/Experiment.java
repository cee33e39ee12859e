package dev.loadlab.settings;

import static dev.loadlab.settings.ContractKnobs.API_GATEWAY;
import static dev.loadlab.settings.ContractKnobs.BULK;
import static dev.loadlab.settings.ContractKnobs.CALIBRATION;
import static dev.loadlab.settings.ContractKnobs.GATEWAY_CAPACITY;
import static dev.loadlab.settings.ContractKnobs.LATENCY;
import static dev.loadlab.settings.ContractKnobs.ODATA_WRITE;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One experiment, defined once, which every part of the build loops over: the studies' five and the calibration loop
 * ({@link #STUDIES}), and each of your own scenarios as the build finds them ({@link #own}).
 *
 * @param name              as -Dexperiments names it, and the report and the gate show it
 * @param simulations       the class names of what Gatling runs of it (found in loadlab's tests jar, or yours); none for the bench
 * @param study             a study's: its JMeter plans are every plan whose file name begins with its name
 *                          ({@code api-gateway-stress.jmx}); your own has one plan, {@code jmeter/<name>.jmx}
 * @param planWires         the wires its plans run over
 * @param firstInjectorOnly of several Gatling injectors, only the first runs it (it is timed whole on one client)
 * @param checkedPath       the path (with query) one GET asks of the target before any load, if any
 */
public record Experiment(
        String name,
        List<String> simulations,
        boolean study,
        PlanWires planWires,
        boolean firstInjectorOnly,
        Function<Settings, Optional<String>> checkedPath) {

    /** Which wires an experiment's JMeter plans run over. */
    public enum PlanWires {
        /** every wire JMeter runs */
        EVERY,
        /** HTTP/1.1 only: the latency study compares with ab, which speaks only HTTP/1.x */
        HTTP1_ONLY,
        /** the wires Gatling runs: the calibration loop compares the two tools like with like */
        GATLING_WIRES
    }

    private static final String SIMULATIONS = "dev.loadlab.simulations.";

    /** The studies' experiments, in the order of the report. */
    public static final List<Experiment> STUDIES = List.of(
            new Experiment(
                    API_GATEWAY,
                    List.of(SIMULATIONS + "ApiGatewaySimulation", SIMULATIONS + "ApiGatewayStressSimulation"),
                    true,
                    PlanWires.EVERY,
                    false,
                    s -> Optional.of(s.get(ContractKnobs.API_PATH))),
            new Experiment(
                    LATENCY,
                    List.of(SIMULATIONS + "LatencySimulation"),
                    true,
                    PlanWires.HTTP1_ONLY,
                    false,
                    s -> Optional.of(ContractKnobs.latencyPath(s))),
            new Experiment(
                    GATEWAY_CAPACITY,
                    List.of(SIMULATIONS + "GatewayCapacitySimulation"),
                    true,
                    PlanWires.EVERY,
                    false,
                    Experiment::gatewayPath),
            new Experiment(
                    ODATA_WRITE,
                    List.of(SIMULATIONS + "ODataWriteSimulation"),
                    true,
                    PlanWires.EVERY,
                    true,
                    s -> Optional.of(s.get(ContractKnobs.SERVICE_PATH).replaceAll("/+$", "") + "/"
                            + s.get(ContractKnobs.ENTITY_SET) + "/$count")),
            new Experiment(BULK, List.of(), true, PlanWires.EVERY, false, s -> Optional.empty()),
            new Experiment(
                    CALIBRATION,
                    List.of(SIMULATIONS + "CalibrationSimulation"),
                    true,
                    PlanWires.GATLING_WIRES,
                    false,
                    s -> Optional.of(s.get(CalibrationKnobs.PATH))));

    /** One of your own: its simulation, if it has one, and its plan {@code jmeter/<name>.jmx}, on every wire. */
    public static Experiment own(String name, Optional<String> simulation) {
        return new Experiment(name, simulation.stream().toList(), false, PlanWires.EVERY, false, s -> Optional.empty());
    }

    /** The study of this name. */
    public static Experiment study(String name) {
        return STUDIES.stream()
                .filter(e -> e.name.equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no study's experiment is named " + name));
    }

    /** The names of the studies' experiments, in the report's order. */
    public static List<String> studyNames() {
        return STUDIES.stream().map(Experiment::name).toList();
    }

    /** Whether the plan file {@code fileName} of jmeter/ is one of this experiment's. */
    public boolean ownsPlan(String fileName) {
        return study ? fileName.startsWith(name) : fileName.equals(name + ".jmx");
    }

    /** The experiment of {@code experiments} a plan file belongs to. */
    public static Optional<Experiment> ofPlan(String fileName, List<Experiment> experiments) {
        return experiments.stream().filter(e -> e.ownsPlan(fileName)).findFirst();
    }

    /**
     * The experiment a tool's run belongs to: a Gatling simulation's class (simple name) is a study's where one of its
     * simulations names it, else your own's ({@code CheckoutSimulation}: checkout); a JMeter plan's name is a study's
     * where it begins with the study's name, else your own's ({@code checkout}).
     */
    public static String nameOfRun(String tool, String run) {
        if (tool.equals("gatling")) {
            return STUDIES.stream()
                    .filter(e -> e.simulations.stream()
                            .map(s -> s.substring(s.lastIndexOf('.') + 1))
                            .anyMatch(run::equals))
                    .map(Experiment::name)
                    .findFirst()
                    .orElseGet(() -> OwnKnobs.experimentOf(run));
        }
        return ofPlan(run + ".jmx", STUDIES).map(Experiment::name).orElse(run);
    }

    /** The path query of the gateway's payload route, with the size and latency parameters where the target has them. */
    private static Optional<String> gatewayPath(Settings s) {
        List<String> query = new ArrayList<>();
        if (!s.get(ContractKnobs.GATEWAY_SIZE_PARAM).isEmpty()) {
            query.add(s.get(ContractKnobs.GATEWAY_SIZE_PARAM) + "=1");
        }
        if (!s.get(ContractKnobs.GATEWAY_LATENCY_PARAM).isEmpty()) {
            query.add(s.get(ContractKnobs.GATEWAY_LATENCY_PARAM) + "=0");
        }
        return Optional.of(s.get(ContractKnobs.GATEWAY_PATH) + (query.isEmpty() ? "" : "?" + String.join("&", query)));
    }
}
