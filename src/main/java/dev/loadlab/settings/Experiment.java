package dev.loadlab.settings;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the build runs of one experiment, defined once, which every part of the build loops over: each study's defines
 * its own (dev.loadlab.studies.Studies lists them), and each of your own scenarios is one as the build finds it
 * ({@link #own}).
 *
 * @param name              as -Dexperiments names it, and the report and the gate show it
 * @param simulations       the class names of what Gatling runs of it (found in loadlab's tests jar, or yours); none for the bench
 * @param study             a study's: its JMeter plans are every plan whose file name begins with its name
 *                          ({@code api-gateway-stress.jmx}); your own has one plan, {@code jmeter/<name>.jmx}
 * @param planWires         the wires its plans run over
 * @param firstInjectorOnly of several Gatling injectors, only the first runs it (it is timed whole on one client)
 * @param checked           the one request asked of the target before any load, if any
 */
public record Experiment(
        String name,
        List<String> simulations,
        boolean study,
        PlanWires planWires,
        boolean firstInjectorOnly,
        Function<Settings, Optional<Check>> checked) {

    /**
     * The request a check before load sends, as the experiment's tools will: for most a GET of a path (with query),
     * for the gateway study its own request (gateway.method, gateway.body, gateway.headers). A 200 is needed, and where
     * the experiment fixes what its answer holds, {@code answer} judges the body: what is wrong, in one line, or empty.
     */
    public record Check(
            String method,
            String pathAndQuery,
            Optional<String> body,
            List<Map.Entry<String, String>> headers,
            Function<String, Optional<String>> answer) {
        public Check(
                String method, String pathAndQuery, Optional<String> body, List<Map.Entry<String, String>> headers) {
            this(method, pathAndQuery, body, headers, any -> Optional.empty());
        }

        public static Check get(String pathAndQuery) {
            return new Check("GET", pathAndQuery, Optional.empty(), List.of());
        }

        /** This request, its 200's body judged by {@code answer}. */
        public Check answered(Function<String, Optional<String>> answer) {
            return new Check(method, pathAndQuery, body, headers, answer);
        }
    }

    /** Which wires an experiment's JMeter plans run over. */
    public enum PlanWires {
        /** every wire JMeter runs */
        EVERY,
        /** HTTP/1.1 only: the latency study compares with ab, which speaks only HTTP/1.x */
        HTTP1_ONLY,
        /** the wires Gatling runs: the calibration loop compares the two tools like with like */
        GATLING_WIRES
    }

    /** The package of the studies' simulations, in loadlab's tests jar. */
    public static final String SIMULATIONS = "dev.loadlab.simulations.";

    /**
     * A study's: its simulations by simple name, in the studies' package of loadlab's tests jar (a team's study names
     * its own by their whole class names), and as its plans every plan of jmeter/ whose name begins with its own, on
     * every wire; nothing asked before load.
     */
    public static Experiment study(String name, String... simulations) {
        List<String> classes = java.util.Arrays.stream(simulations)
                .map(c -> c.contains(".") ? c : SIMULATIONS + c)
                .toList();
        return new Experiment(name, classes, true, PlanWires.EVERY, false, s -> Optional.empty());
    }

    /** The same, its plans over these wires only. */
    public Experiment plansOn(PlanWires wires) {
        return new Experiment(name, simulations, study, wires, firstInjectorOnly, checked);
    }

    /** The same, asking the target this request, made of the settings, before any load. */
    public Experiment askedBeforeLoad(Function<Settings, Check> check) {
        return new Experiment(name, simulations, study, planWires, firstInjectorOnly, s -> Optional.of(check.apply(s)));
    }

    /** A simulation class's simple name: what a run is told by in the results, the report and the gate. */
    public static String simpleName(String simulationClass) {
        return simulationClass.substring(simulationClass.lastIndexOf('.') + 1);
    }

    /** Its simulations' simple names ({@link #simpleName}). */
    public List<String> simulationNames() {
        return simulations.stream().map(Experiment::simpleName).toList();
    }

    /** The same, run by the first of several Gatling injectors only (it is timed whole on one client). */
    public Experiment onFirstInjectorOnly() {
        return new Experiment(name, simulations, study, planWires, true, checked);
    }

    /** One of your own: its simulation, if it has one, and its plan {@code jmeter/<name>.jmx}, on every wire. */
    public static Experiment own(String name, Optional<String> simulation) {
        return new Experiment(name, simulation.stream().toList(), false, PlanWires.EVERY, false, s -> Optional.empty());
    }

    /** Whether the plan file {@code fileName} of jmeter/ is one of this experiment's. */
    public boolean ownsPlan(String fileName) {
        return study ? fileName.startsWith(name) : fileName.equals(name + ".jmx");
    }

    /** The experiment of {@code experiments} a plan file belongs to. */
    public static Optional<Experiment> ofPlan(String fileName, List<Experiment> experiments) {
        return experiments.stream().filter(e -> e.ownsPlan(fileName)).findFirst();
    }
}
