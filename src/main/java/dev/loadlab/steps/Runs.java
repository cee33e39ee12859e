package dev.loadlab.steps;

import static dev.loadlab.settings.TargetKnobs.TLS_URL;
import static dev.loadlab.settings.TargetKnobs.URL;
import static dev.loadlab.settings.TargetKnobs.WIRES;

import dev.loadlab.jmeter.GuardedPlans;
import dev.loadlab.jmeter.PlanCheck;
import dev.loadlab.jmeter.PlanFiles;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.GatlingKnobs;
import dev.loadlab.settings.Injector;
import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.Protocol;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.Trees;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What this build runs, decided once from {@code -Dexperiments} and the target's URLs, and handed to Maven's plugins
 * as {@code build.properties}: which simulations Gatling runs, over which wires each tool runs, which JMeter plans
 * run over which HTTP version, and whether the bench runs.
 * <ul>
 * <li>A JMeter plan belongs to the experiment its file name begins with ({@code api-gateway-stress.jmx}); a plan
 * of no study's experiment is one of your own ({@link OwnScenarios}, with the simulation of its name), which runs when
 * -Dexperiments names it or names none. ab speaks only HTTP/1.x: latency plans run over
 * HTTP/1.1 only; calibration plans run on Gatling's wires, so that the two tools compare like with like.</li>
 * <li>Cleartext runs need an {@code http://} target.url, TLS runs an {@code https://} target.tlsUrl; the embedded
 * server has both. Both tools run the TLS pair (HTTP/1.1 vs h2 over TLS), or the cleartext one on a cleartext-only
 * target (Gatling has no h2c: HTTP/1.1 alone); JMeter runs both pairs with -Djmeter.cleartext=true (-Plong-checks).
 * {@code -Dwires} narrows them to the wires named (Gatling then runs each named wire it speaks: every one but h2c); once the target is up, each wire is probed and one the
 * target does not speak is left out (dev.loadlab.steps.control.WireCheck).</li>
 * <li>An injector of several ({@code -Dinjector=i/N}, N &gt; 1) runs Gatling only: JMeter scales out through its own
 * remote engines, and the bench and every JMeter plan run from each injector would multiply their load by N. The
 * write experiment is timed whole on one client: only the first injector runs it. Every Gatling log names its
 * injector in its run description ({@code loadlab.gatling.runDescription}), so the report can merge them.</li>
 * </ul>
 */
final class Runs {
    /** Where the plans keep what their Include Controllers name, relative to the plan. */
    private static final String FRAGMENTS = "fragments";

    /** The chosen experiments (Experiment): the studies', then your own. */
    final List<Experiment> experiments;

    final boolean cleartext;
    final boolean tls;
    /** A chosen study's own step runs (StudySteps: the bulk bench), in a build that loads, on its only injector. */
    final boolean ownSteps;
    /** JMeter on the cleartext pair too where the target has both (jmeter.cleartext). */
    final boolean jmeterCleartext;

    final Injector injector;
    /** The wires -Dwires names; empty when it names none (then each tool's default pair, see jmeterRuns). */
    final List<Wire> chosenWires;
    /** -Dgatling.skip=true: the pom's own skip flags would otherwise override Gatling's switch. */
    final boolean gatlingSkipped;
    /** False with -DskipTests: no target, no load, no report; JMeter's homes are still configured (not load). */
    final boolean load;

    private Runs(
            List<Experiment> experiments,
            boolean cleartext,
            boolean tls,
            boolean ownSteps,
            boolean jmeterCleartext,
            Injector injector,
            List<Wire> chosenWires,
            boolean gatlingSkipped,
            boolean load) {
        this.experiments = experiments;
        this.cleartext = cleartext;
        this.tls = tls;
        this.ownSteps = ownSteps && injector.alone() && load;
        this.jmeterCleartext = jmeterCleartext;
        this.injector = injector;
        this.chosenWires = chosenWires;
        this.gatlingSkipped = gatlingSkipped;
        this.load = load;
    }

    static Runs of(Settings settings) {
        return of(settings, List.of());
    }

    /** The runs of a project whose own scenarios are {@code all} (OwnScenarios.discover). */
    static Runs of(Settings settings, List<OwnScenarios> all) {
        List<Experiment> experiments = new java.util.ArrayList<>();
        ContractKnobs.chosen(settings).forEach(name -> experiments.add(Studies.experiment(name)));
        OwnScenarios.chosen(settings, all).forEach(o -> experiments.add(o.experiment()));
        String url = settings.get(URL);
        String tlsUrl = settings.get(TLS_URL).isEmpty() ? url : settings.get(TLS_URL);
        boolean embedded = url.isEmpty();
        return new Runs(
                experiments,
                embedded || url.startsWith("http://"),
                embedded || tlsUrl.startsWith("https://"),
                !StudySteps.chosen(settings).isEmpty(),
                settings.bool(JmeterKnobs.CLEARTEXT),
                Injector.of(settings),
                Wire.ofIds(settings.items(WIRES)),
                settings.bool(GatlingKnobs.SKIP),
                !settings.bool(TargetKnobs.SKIP_TESTS));
    }

    /**
     * An experiment -Dexperiments names that is no study's and none of yours, or a wire -Dwires names that the target's
     * URLs cannot carry (h2c on an https:// target.url): one line, and the build stops before anything starts.
     */
    static List<String> problems(Settings settings, List<OwnScenarios> all) {
        Optional<String> unknown = OwnScenarios.problem(settings, all);
        if (unknown.isPresent()) {
            return List.of(unknown.get());
        }
        Runs runs = of(settings, all);
        List<Wire> unfit =
                runs.chosenWires.stream().filter(w -> !runs.carries(w)).toList();
        if (unfit.isEmpty()) {
            return List.of();
        }
        List<String> carried =
                Stream.of(Wire.values()).filter(runs::carries).map(w -> w.id).toList();
        return List.of("-D" + WIRES.name() + "=" + settings.get(WIRES) + " is not allowed: "
                + String.join(",", unfit.stream().map(w -> w.id).toList()) + " needs "
                + (unfit.get(0).tls ? "an https:// target.tlsUrl" : "an http:// target.url")
                + "; expected wires the target's URLs carry: " + String.join(",", carried));
    }

    /** Cleartext wires need an http:// target.url, TLS wires an https:// target.tlsUrl. */
    private boolean carries(Wire wire) {
        return wire.tls ? tls : cleartext;
    }

    /** Of several injectors, only the first runs an experiment that is timed whole on one client. */
    boolean simulates(Experiment experiment) {
        return injector.index() == 1 || !experiment.firstInjectorOnly();
    }

    /** The wire a replay runs on unless -Dwires names others: HTTP/1.1 over TLS where the target has it, else HTTP/1.1. */
    Wire firstWire() {
        return tls ? Wire.HTTP1_TLS : Wire.HTTP1;
    }

    List<Wire> gatlingWires() {
        return gatlingSkipped || !load ? List.of() : simulationWires();
    }

    /** The wires Gatling runs on unless -Dgatling.skip: JMeter's calibration loop runs on them either way. */
    private List<Wire> simulationWires() {
        if (includes().isEmpty()) {
            return List.of();
        }
        if (!chosenWires.isEmpty()) { // Gatling speaks every wire but h2c
            return chosenWires.stream().filter(w -> w != Wire.H2C && carries(w)).toList();
        }
        return tls ? List.of(Wire.HTTP1_TLS, Wire.H2) : List.of(Wire.HTTP1);
    }

    List<Wire> jmeterWires(Path jmeterDir, String planSetting) {
        if (!injector.alone()) {
            return List.of();
        }
        return Stream.of(Wire.values())
                .filter(this::jmeterRuns)
                .filter(w -> !plans(jmeterDir, planSetting, w).isEmpty())
                .toList();
    }

    /** A wire -Dwires names, or else the TLS pair where the target has it (both pairs with jmeter.cleartext). */
    private boolean jmeterRuns(Wire wire) {
        if (!carries(wire)) {
            return false;
        }
        if (!chosenWires.isEmpty()) {
            return chosenWires.contains(wire);
        }
        return wire.tls || !tls || jmeterCleartext;
    }

    /**
     * The plans of jmeter/ that run over {@code wire}: chosen by jmeter.plan, then by experiment. ab speaks only
     * HTTP/1.x, so latency plans run over HTTP/1.1 only; the calibration loop runs on the wires Gatling runs, where the
     * two tools compare like with like.
     */
    List<Path> plans(Path jmeterDir, String planSetting, Wire wire) {
        return PlanCheck.selectPlans(jmeterDir, planSetting).stream()
                .filter(plan -> Experiment.ofPlan(plan.getFileName().toString(), experiments)
                        .filter(e -> runsOver(e, wire))
                        .isPresent())
                .filter(plan -> wire.protocol == Protocol.HTTP1 || PlanFiles.speaksHttp2(jmeterDir, plan))
                .toList();
    }

    /**
     * One line for each chosen plan that speaks HTTP/1.1 alone (JMeter's HTTP Request, no loadlab sampler) and so is left
     * out of the HTTP/2 wires this build runs: it would compare HTTP/1.1 with itself there.
     */
    List<String> http1OnlyPlans(Path jmeterDir, String planSetting) {
        List<String> http2 = Stream.of(Wire.values())
                .filter(w -> w.protocol != Protocol.HTTP1 && jmeterRuns(w) && injector.alone() && load)
                .map(w -> w.id)
                .toList();
        if (http2.isEmpty()) {
            return List.of();
        }
        return PlanCheck.selectPlans(jmeterDir, planSetting).stream()
                .filter(plan -> Experiment.ofPlan(plan.getFileName().toString(), experiments)
                        .filter(e -> e.planWires() == Experiment.PlanWires.EVERY)
                        .isPresent())
                .filter(plan -> !PlanFiles.speaksHttp2(jmeterDir, plan))
                .map(plan -> "jmeter/" + plan.getFileName() + " runs on the HTTP/1.1 wires only, not "
                        + String.join(", ", http2)
                        + ": its requests are JMeter's HTTP Request, which speaks HTTP/1.1; for"
                        + " HTTP/2 sample with loadlab's HTTP/2 sampler or include fragments/get-users.jmx's way"
                        + " (docs/own-scenarios.md#a-plan)")
                .toList();
    }

    private boolean runsOver(Experiment experiment, Wire wire) {
        return switch (experiment.planWires()) {
            case EVERY -> true;
            case HTTP1_ONLY -> wire.protocol == Protocol.HTTP1;
            case GATLING_WIRES -> simulationWires().contains(wire);
        };
    }

    /** What Gatling runs: the chosen studies' simulations and your own. */
    List<String> includes() {
        return experiments.stream()
                .filter(this::simulates)
                .flatMap(e -> e.simulations().stream())
                .toList();
    }

    /** The study a plan of jmeter/ belongs to by its name; empty for a plan of your own. */
    static Optional<String> experimentOf(Path plan) {
        return Experiment.ofPlan(plan.getFileName().toString(), Studies.experiments())
                .map(Experiment::name);
    }

    /**
     * What Maven's plugins read: a skip flag per tool and wire, Gatling's includes, the bench's skip flag; and for the
     * report, every experiment that runs, the studies' and your own.
     */
    Map<String, String> buildProperties(Path jmeterDir, String planSetting) {
        Map<String, String> p = new LinkedHashMap<>();
        // one list in one property: Maven splits it at the commas into the plugin's includes
        p.put("loadlab.gatling.includes", includes().isEmpty() ? "none" : String.join(",", includes()));
        // one simulation: named by the plugin's own property (a -D wins), it reads no class path for simulations (3 s)
        if (includes().size() == 1) {
            p.put("gatling.simulationClass", includes().get(0));
        }
        p.put(
                "loadlab.experiments",
                String.join(",", experiments.stream().map(Experiment::name).toList()));
        List<Wire> gatling = gatlingWires();
        List<Wire> jmeter = jmeterWires(jmeterDir, planSetting);
        for (Wire w : Wire.values()) {
            p.put(w.skipFlag("gatling"), Boolean.toString(!gatling.contains(w)));
            p.put(w.skipFlag("jmeter"), Boolean.toString(!load || !jmeter.contains(w)));
            // package configures a JMeter home for each wire JMeter would run, load or not, and HTTP/1.1's always: the
            // GUI's and the engine folder's (EngineBundle)
            p.put("loadlab.skip.jmeterHome." + w.id, Boolean.toString(w != Wire.HTTP1 && !jmeter.contains(w)));
        }
        p.put(StudySteps.SKIP_FLAG, Boolean.toString(!ownSteps));
        // -DskipTests: no target is started or checked, no outside tool runs, no report or gate is made
        p.put("loadlab.skip.load", Boolean.toString(!load));
        // Gatling writes it into every simulation.log: the log itself says which injector wrote it
        p.put("loadlab.gatling.runDescription", injector.description());
        p.put("loadlab.injector", injector.index() + "/" + injector.count());
        return p;
    }

    /** target/loadlab/plans/&lt;wire&gt;: the plans each wire runs, the fragments they include and the files they name. */
    void writePlans(Path jmeterDir, String planSetting, Path plansDir) throws IOException {
        Trees.delete(plansDir);
        for (Wire wire : Wire.values()) {
            Path dir = plansDir.resolve(wire.id);
            Files.createDirectories(dir);
            for (Path plan : plans(jmeterDir, planSetting, wire)) {
                Files.copy(plan, dir.resolve(plan.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                PlanFiles.copy(jmeterDir, plan, dir); // its data files, where JMeter looks for them: beside it
            }
            Trees.copy(jmeterDir.resolve(FRAGMENTS), dir.resolve(FRAGMENTS));
            GuardedPlans.guard(dir); // every HTTP Request held to the build's reach while it runs
        }
    }
}
