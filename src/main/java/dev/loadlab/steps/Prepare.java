package dev.loadlab.steps;

import dev.loadlab.jmeter.GuardedPlans;
import dev.loadlab.jmeter.PlanCheck;
import dev.loadlab.jmeter.PlanFiles;
import dev.loadlab.live.StopLimits;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Engines;
import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.OwnSecrets;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.shared.BuildStop;
import dev.loadlab.shared.JmeterRun;
import dev.loadlab.shared.StallMeter;
import dev.loadlab.shared.StopWithBuild;
import dev.loadlab.shared.TargetAuth;
import dev.loadlab.shared.Trees;
import dev.loadlab.steps.control.ServerControl;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The build's first step of its own (process-classes, in Maven's JVM, so that it sees every {@code -D} the user
 * gave): check every setting and plan before anything is started, then write what the later steps read.
 * <ul>
 * <li>{@code target/loadlab/settings.properties}: every setting resolved (no secret); each forked JVM of the build
 * reads it through {@code -Dloadlab.resolved}, and Maven reads it for the plugins' own parameters;</li>
 * <li>{@code target/loadlab/jmeter.properties}: the knobs the JMeter plans read with {@code ${__P(name)}};</li>
 * <li>{@code target/loadlab/build.properties} and {@code plans/}: what runs, from {@code -Dexperiments} ({@link Runs});</li>
 * <li>Gatling's answered version check under {@code target/prefs}, so Gatling never asks Maven Central;</li>
 * <li>{@code target/loadlab/stop-with-build.jar}, the agent that ends every JVM the build forks when the build ends
 * ({@link StopWithBuild}).</li>
 * </ul>
 * Each gatling:test forks the lifecycle up to test-compile, which runs this step again in the same Maven JVM: the
 * first run notes the build it prepared ({@link #BUILD}, the session's start), and a later one in that build returns.
 * A problem is one line each and a {@link BuildStop} that fails the build in that one line.
 */
public final class Prepare {
    static final String GATLING_TRUST_STORE = "gatling.ssl.trustStore.file";
    /** Set by the profile -Pdistributed (pom.xml), so that the profile without engines is one line here. */
    static final String DISTRIBUTED = "loadlab.distributed";
    /** pom.xml gives it as -javaagent to every JVM the build forks. */
    static final String STOP_WITH_BUILD_JAR = StopWithBuild.JAR_NAME;
    /** The build this step runs in (pom.xml: Maven's session start); the same in Gatling's forked lifecycles. */
    static final String BUILD = "loadlab.build";
    /** Set in Maven's JVM once this step prepared {@link #BUILD}. */
    static final String PREPARED = "loadlab.prepared";

    private Prepare() {}

    public static void main(String[] args) throws IOException {
        String build = System.getProperty(BUILD, "");
        if (!build.isEmpty() && build.equals(System.getProperty(PREPARED))) {
            return; // a gatling:test's forked lifecycle: this build is prepared
        }
        Path basedir = Path.of(args.length > 0 ? args[0] : "");
        Settings settings = Settings.forBuild(basedir);
        List<String> problems = new ArrayList<>(ToolVersions.problems(System.getProperties()));
        problems.addAll(run(
                basedir,
                basedir.resolve("target"),
                settings,
                KnownNames.unknown(settings, System.getProperties().stringPropertyNames()),
                Boolean.getBoolean(DISTRIBUTED)));
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("[loadlab] " + p));
            // exec:java shows this message as the build's error; the lines above name every problem
            throw new BuildStop(
                    problems.size() == 1
                            ? problems.get(0)
                            : problems.size() + " problems stop the build before any load (listed above)");
        }
        System.setProperty(PREPARED, build);
    }

    static List<String> run(Path basedir, Path target, Settings settings, List<String> unknownNames)
            throws IOException {
        return run(basedir, target, settings, unknownNames, false);
    }

    static List<String> run(
            Path basedir, Path target, Settings settings, List<String> unknownNames, boolean distributed)
            throws IOException {
        List<OwnScenarios> own = OwnScenarios.discover(basedir);
        settings = OwnScenarios.teamDefault(basedir, settings, own);
        List<String> problems = new ArrayList<>(unknownNames);
        ReplayRuns.problem(settings, own).ifPresent(problems::add);
        settings = problems.isEmpty() ? ReplayRuns.narrow(settings, own) : settings;
        java.util.Set<String> declared = own.stream()
                .flatMap(o -> o.knobs().stream())
                .map(Setting::name)
                .collect(java.util.stream.Collectors.toCollection(java.util.HashSet::new));
        declared.addAll(NamedTargets.resolvedNames(settings)); // target.api.url in loadlab.properties is a setting
        problems.addAll(KnownNames.unknownInFile(settings, declared));
        problems.addAll(NamedTargets.problems(settings));
        problems.addAll(StudyPlans.merge(basedir, target));
        Path plans = StudyPlans.folder(target);
        problems.addAll(settings.problems());
        // the jobs' merge runs after the jobs, on what they left (docs/ci.md): a build that loads reports on its own
        if (settings.isGiven(ReportKnobs.MERGE_JOBS)) {
            problems.add(settings.asGiven(ReportKnobs.MERGE_JOBS.name()) + " is not allowed in a build: it names the"
                    + " jobs that `mvn -q exec:java@merge` merges into one report (docs/ci.md); give it to that alone");
        }
        problems.addAll(OwnScenarios.settingProblems(settings, own));
        if (!settings.bool(TargetKnobs.SKIP_TESTS)) { // what a journey's user types: only a load needs it
            OwnScenarios.chosen(settings, own)
                    .forEach(o -> OwnSecrets.missing(o.name(), OwnSecrets.names(basedir, o.name()), System.getenv())
                            .ifPresent(problems::add));
        }
        if (problems.isEmpty()) {
            problems.addAll(Engines.problems(settings, distributed));
            problems.addAll(Runs.problems(settings, own));
            problems.addAll(PlanCheck.check(plans, settings.get(JmeterKnobs.PLAN)));
            if (problems.isEmpty()) { // every host the chosen plans and simulations name is a target's
                problems.addAll(reachProblems(basedir, settings, plans, own));
            }
            // a simulation of yours on Gatling's plain Simulation would load its own base URL
            problems.addAll(PlainSimulations.problems(basedir, OwnScenarios.chosen(settings, own)));
            problems.addAll(Baseline.problems(settings));
            TargetAuth.problem(settings).ifPresent(problems::add);
            List<String> chosen = ContractKnobs.chosen(settings);
            for (dev.loadlab.studies.Study study : Studies.ALL) {
                if (chosen.contains(study.name())) {
                    problems.addAll(study.settingProblems(settings));
                }
            }
        }
        if (!problems.isEmpty()) {
            return problems;
        }
        Path dir = target.resolve("loadlab");
        Files.createDirectories(dir);
        Map<String, String> resolved = new java.util.LinkedHashMap<>(settings.resolved());
        // Gatling's trust store is known once the target is up (ServerControl writes it into target.properties);
        // until then it is empty, so that a gatling:test of its own never sees an unresolved ${...}
        resolved.put(GATLING_TRUST_STORE, "");
        // the load's first step refuses it (ServerControl): it skipped compiling the simulations
        settings.written(ServerControl.MAVEN_TEST_SKIP).ifPresent(v -> resolved.put(ServerControl.MAVEN_TEST_SKIP, v));
        Map<String, String> ownSettings = OwnScenarios.settings(settings, own);
        resolved.putAll(ownSettings);
        resolved.putAll(OwnScenarios.jitTiers(settings, own));
        resolved.putAll(NamedTargets.resolved(settings)); // each forked JVM reads the services a journey reaches
        writeSettings(dir.resolve("settings.properties"), resolved, settings);
        Map<String, String> jmeter = PlanProperties.of(settings);
        jmeter.putAll(ownSettings);
        // the build's progress lines: JMeter runs this script as it starts (nothing in the GUI: no plan to run)
        jmeter.put(JmeterRun.DIR_PROPERTY, dir.toAbsolutePath().toString());
        jmeter.put(
                "jsr223.init.file",
                dir.resolve(PROGRESS_SCRIPT).toAbsolutePath().toString());
        if (!StopLimits.of(settings.get(ReportKnobs.LIMITS), 1).isEmpty()) {
            // a :stop limit is judged from the results file as JMeter writes it: each sample goes out as it ends
            jmeter.put("jmeter.save.saveservice.autoflush", "true");
        }
        write(dir.resolve("jmeter.properties"), jmeter, "what the JMeter plans read with ${__P(name)}");
        String planSetting = settings.get(JmeterKnobs.PLAN);
        Runs runs = Runs.of(settings, own);
        Map<String, String> build = new java.util.LinkedHashMap<>(runs.buildProperties(plans, planSetting));
        build.putAll(PlanProperties.remote(settings));
        write(
                dir.resolve("build.properties"),
                build,
                "what Maven's plugins run, from -Dexperiments and the target's URLs (see dev.loadlab.steps.Runs)");
        runs.writePlans(plans, planSetting, dir.resolve("plans"));
        writeJmetersFolder(plans, dir.resolve(JMETER_BIN));
        runs.http1OnlyPlans(plans, planSetting).forEach(line -> System.out.println("[loadlab] " + line));
        writeBuildPlan(basedir, dir, settings, runs, plans, planSetting);
        if (!runs.load) {
            System.out.println(
                    "[loadlab] -DskipTests: no unit test and no load (no target, report or gate); the jar, the"
                            + " JMeter homes and the engine folder are still made");
        }
        GatlingPrefs.seed(target);
        AgentJar.write(dir.resolve(STOP_WITH_BUILD_JAR), StopWithBuild.class, StallMeter.class);
        return problems;
    }

    /** Each host a chosen experiment's plan or simulation names that is no target's, one line each (ReachCheck). */
    private static List<String> reachProblems(Path basedir, Settings settings, Path plans, List<OwnScenarios> own) {
        Runs runs = Runs.of(settings, own);
        String planSetting = settings.get(JmeterKnobs.PLAN);
        java.util.Set<Path> chosen = new java.util.LinkedHashSet<>();
        for (dev.loadlab.settings.Wire wire : dev.loadlab.settings.Wire.values()) {
            chosen.addAll(runs.plans(plans, planSetting, wire));
        }
        Map<String, String> properties = PlanProperties.of(settings);
        properties.putAll(OwnScenarios.settings(settings, own));
        return ReachCheck.problems(
                basedir, settings, List.copyOf(chosen), plans, properties, OwnScenarios.chosen(settings, own));
    }

    /**
     * target/loadlab/build-plan.tsv (every run, timed by the last kept build at this scale) and the script JMeter runs as
     * it starts (jsr223.init.file in jmeter.properties), which prints JMeter's progress lines. The previous build's
     * progress.tsv is cleared by {@link JmeterRuns}: this step runs again in each of Gatling's forked lifecycles.
     */
    private static void writeBuildPlan(
            Path basedir, Path dir, Settings settings, Runs runs, Path plans, String planSetting) throws IOException {
        String scale = settings.get(TargetKnobs.SCALE);
        Map<String, Long> timed = BuildPlan.timed(basedir.resolve("reports/runs"), scale);
        BuildPlan.write(dir.resolve(BuildPlan.FILE), scale, BuildPlan.of(runs, plans, planSetting, timed));
        Files.writeString(
                dir.resolve(PROGRESS_SCRIPT),
                "dev.loadlab.steps.Progress.jmeterStarting(props)\ndev.loadlab.live.JmeterLive.start(props)\n");
    }

    /** What every JMeter home gets in its bin/, JMeter's working folder (the plugin's confFilesDirectory, pom.xml). */
    static final String JMETER_BIN = "jmeter-bin";

    /**
     * target/loadlab/jmeter-bin: jmeter/conf (loadlab's log4j2.xml, and yours), and the files every plan of jmeter/ reads
     * relative to JMeter's working folder (PlanFiles#copyForJMetersFolder): for the build's runs and the GUI alike.
     */
    private static void writeJmetersFolder(Path jmeterDir, Path bin) throws IOException {
        Trees.delete(bin);
        Files.createDirectories(bin);
        Trees.copy(jmeterDir.resolve("conf"), bin);
        PlanFiles.copyForJMetersFolder(jmeterDir, PlanCheck.selectPlans(jmeterDir, "*"), bin);
        // JMeter looks for an included fragment here first: its HTTP Requests are held as the plans' copies are
        GuardedPlans.guard(bin);
    }

    /**
     * JMeter runs it at start-up (jsr223.init.file): Groovy lines that hand JMeter's properties to Progress and to the
     * {@code :stop} limits' watch (JmeterLive).
     */
    static final String PROGRESS_SCRIPT = "progress.groovy";

    /** name=value lines in the given order (java.util.Properties would shuffle them), escaped as Properties reads them. */
    /**
     * target/loadlab/settings.properties, the settings report: every setting of this build, resolved, grouped by where
     * its value came from (a -D, the team's settings file, the catalogue's default at this scale).
     */
    static void writeSettings(Path file, Map<String, String> resolved, Settings settings) throws IOException {
        Map<String, Map<String, String>> byOrigin = new java.util.TreeMap<>(java.util.Comparator.comparing(
                        (String origin) -> origin.equals("default") ? 2 : origin.equals("-D") ? 0 : 1)
                .thenComparing(java.util.Comparator.naturalOrder()));
        resolved.forEach((name, value) -> byOrigin.computeIfAbsent(settings.origin(name), o -> new LinkedHashMap<>())
                .put(name, value));
        StringBuilder out =
                new StringBuilder("# every loadlab setting of this build, resolved, by where each value came"
                        + " from (written by dev.loadlab.steps.Prepare)\n");
        byOrigin.forEach((origin, values) -> {
            out.append("\n# ")
                    .append(
                            origin.equals("-D")
                                    ? "given as -D (the command line, or the pom's profiles)"
                                    : origin.equals("default")
                                            ? "the catalogue's defaults at scale "
                                                    + settings.scale().id()
                                            : "from " + origin)
                    .append('\n');
            values.forEach((k, v) ->
                    out.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        });
        Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
    }

    static void write(Path file, Map<String, String> values, String comment) throws IOException {
        StringBuilder out = new StringBuilder("# ").append(comment).append(" (written by dev.loadlab.steps.Prepare)\n");
        values.forEach((k, v) ->
                out.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Files.writeString(file, out.toString(), StandardCharsets.UTF_8);
    }
}
