package dev.loadlab.studies.apigateway;

import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.report.read.ErrorTally;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stress runs of the API-gateway study, step by step, and where each stopped. Gatling's stress profile runs one
 * scenario per step ("stress stepRps=&lt;rate&gt;") whose requests sit in the group "stepRps=&lt;rate&gt;"; JMeter's
 * stress plan ({@value #JMETER_PLAN}) steps its threads up (bzm Concurrency Thread Group), so a sample's step is the
 * most threads its group has run so far (grpThreads, else allThreads): the count only rises until the run ends, and
 * threads that wind down at the end stay in the last step. The study's reader of both tools' runs, new for each build.
 */
public final class StressRuns implements RunReader {
    static final String JMETER_PLAN = "api-gateway-stress";
    static final String ERROR_LIMIT = "error limit";
    static final String TOP_STEP = "top step";
    static final String ENDED_EARLY = "ended early";
    private static final Pattern GATLING_SCENARIO = Pattern.compile("^stress stepRps=(\\d+)$");
    private static final Pattern GATLING_GROUP = Pattern.compile("^stepRps=(\\d+)$");

    /** Each tool's own stop rule and its top step, as the runs were given them (the settings catalogue). */
    public record Limits(double gatlingMaxErrorPct, double jmeterErrorLimitPct, int jmeterMaxUsers) {
        public static Limits from(Settings settings) {
            return new Limits(
                    settings.decimal(ApiGatewayKnobs.STRESS_MAX_ERROR_PCT),
                    settings.decimal(ApiGatewayKnobs.STRESS_ERROR_LIMIT),
                    settings.integer(ApiGatewayKnobs.STRESS_MAX_USERS));
        }
    }

    /** The study's figures: where each stress run stopped, Gatling's runs first, in the order they were read. */
    public record Figures(List<StressStop> stressStops) {}

    private final Limits limits;
    private final List<StressStop> stops = new ArrayList<>();

    public StressRuns(Limits limits) {
        this.limits = limits;
    }

    @Override
    public void read(String protocol, Path runDir, GatlingLog log, Parts parts) {
        Integer topStep = gatlingTopStep(log);
        if (topStep == null) {
            return; // the ramp: no steps
        }
        Steps steps = new Steps();
        for (GatlingLog.Request r : log.requests()) {
            Integer step = gatlingStep(r.groups());
            if (step != null) {
                steps.add(step, r.ok() ? null : ErrorClassifier.gatling(r.message()), r.message());
            }
        }
        if (!steps.isEmpty()) {
            stops.add(steps.build(
                    "gatling", protocol, log.simulation(), "requests/s", topStep, limits.gatlingMaxErrorPct()));
        }
    }

    @Override
    public Optional<JmeterSamples> plan(String protocol, String plan, List<String> header, Parts parts) {
        if (!plan.equals(JMETER_PLAN)) {
            return Optional.empty();
        }
        int threads = header.contains("grpThreads") ? header.indexOf("grpThreads") : header.indexOf("allThreads");
        if (threads < 0) {
            parts.missing("JMeter results of " + plan + " (" + protocol + ") have no grpThreads or allThreads column:"
                    + " the stress plan's steps are missing (keep JMeter's default CSV columns)");
            return Optional.empty();
        }
        Steps steps = new Steps();
        ThreadSteps threadSteps = new ThreadSteps();
        return Optional.of(new JmeterSamples() {
            @Override
            public void add(JmeterSample sample, IntFunction<String> field) {
                String running = field.apply(threads);
                if (running != null) {
                    steps.add(threadSteps.stepOf(Integer.parseInt(running)), sample.errorKind(), sample.errorDetail());
                }
            }

            @Override
            public void close(Parts parts) {
                if (!steps.isEmpty()) {
                    stops.add(steps.build(
                            "jmeter",
                            protocol,
                            plan,
                            "threads",
                            limits.jmeterMaxUsers(),
                            limits.jmeterErrorLimitPct()));
                }
            }
        });
    }

    @Override
    public void finish(Parts parts) {
        if (!stops.isEmpty()) {
            parts.figures(ApiGatewayStudy.NAME, new Figures(stops));
        }
    }

    /** The top arrival rate of a Gatling run's stress scenarios; null when the run is not a stress run. */
    static Integer gatlingTopStep(GatlingLog log) {
        Integer top = null;
        for (String scenario : log.scenarios()) {
            Matcher m = GATLING_SCENARIO.matcher(scenario);
            if (m.matches()) {
                top = Math.max(top == null ? 0 : top, Integer.parseInt(m.group(1)));
            }
        }
        return top;
    }

    /** The step of a Gatling request of a stress run: the rate of its group "stepRps=N"; null outside the steps. */
    static Integer gatlingStep(List<String> groups) {
        if (groups.isEmpty()) {
            return null;
        }
        Matcher m = GATLING_GROUP.matcher(groups.get(0));
        return m.matches() ? Integer.valueOf(m.group(1)) : null;
    }

    /** Collects one stress run's samples by step. */
    static final class Steps {
        private final TreeMap<Integer, ErrorTally> errors = new TreeMap<>();
        private final TreeMap<Integer, Long> samples = new TreeMap<>();

        void add(int step, String errorKind, String rawMessage) {
            samples.merge(step, 1L, Long::sum);
            ErrorTally tally = errors.computeIfAbsent(step, s -> new ErrorTally());
            if (errorKind != null) {
                tally.add(errorKind, rawMessage);
            }
        }

        boolean isEmpty() {
            return samples.isEmpty();
        }

        /**
         * Where the run stopped: its highest step with samples, judged against {@code limitPct}; {@code topStep} is
         * its last planned step (null when not known).
         */
        StressStop build(String tool, String protocol, String run, String unit, Integer topStep, double limitPct) {
            List<StressStep> steps = new ArrayList<>();
            samples.forEach((step, n) -> {
                ErrorTally tally = errors.get(step);
                steps.add(new StressStep(step, n, 100.0 * tally.total() / n, tally.byKind()));
            });
            StressStep last = steps.get(steps.size() - 1);
            String ending = last.errorPct() > limitPct
                    ? ERROR_LIMIT
                    : topStep != null && last.step() >= topStep ? TOP_STEP : ENDED_EARLY;
            return new StressStop(
                    tool,
                    protocol,
                    run,
                    unit,
                    last.step(),
                    last.errorPct(),
                    last.errorsByKind(),
                    topStep,
                    limitPct,
                    ending,
                    steps);
        }
    }

    /** JMeter's step of each sample in file order: the most threads seen so far. */
    static final class ThreadSteps {
        private int most;

        int stepOf(int threads) {
            most = Math.max(most, threads);
            return most;
        }
    }
}
