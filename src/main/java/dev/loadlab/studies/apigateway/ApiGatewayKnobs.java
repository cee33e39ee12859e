package dev.loadlab.studies.apigateway;

import static dev.loadlab.settings.Setting.Part.CONTRACT;
import static dev.loadlab.settings.Setting.Part.GATLING;
import static dev.loadlab.settings.Setting.Part.JMETER;

import dev.loadlab.settings.Knobs;
import dev.loadlab.settings.Setting;
import java.util.List;

/**
 * The API-gateway study's settings (study 004): its route, the Gatling simulations' profiles (the JMeter thread groups'
 * shapes, a closed saturation loop, the stress steps) and the JMeter plans' thread groups, which read them with
 * {@code ${__P(...)}}.
 */
public final class ApiGatewayKnobs {
    private ApiGatewayKnobs() {}

    private static final Knobs contract = new Knobs(CONTRACT);
    private static final Knobs gatling = contract.part(GATLING);
    private static final Knobs jmeter = contract.part(JMETER);

    private static final int MAX_USERS = 100_000;
    /** A thread group's iterations per user that mean "until its duration ends". */
    private static final int UNTIL_DURATION = -1;

    // the route every tool loads
    public static final Setting API_PATH =
            contract.path("api.path", "/users/getAllUsers", "the API-gateway experiment's route (GET, answers 200)");

    // ApiGatewaySimulation (study 004): the JMeter thread groups' shapes, a closed saturation loop
    public static final Setting API_PROFILE = gatling.oneOf(
            "api.profile",
            List.of("both", "ramp", "ramp500", "saturate"),
            "both",
            "load profile of ApiGatewaySimulation: the study's two configurations one after the other as JMeter's plan"
                    + " runs them (both), one of them, or a closed loop");

    public static final Setting RAMP_USERS =
            gatlingUsers("api.ramp.users", 100, "users of the ramp profile (the study's configuration 1)");
    public static final Setting RAMP_SECONDS =
            gatling.seconds("api.ramp.rampSeconds", 0, 2, "50", "ramp-up of the ramp profile");
    public static final Setting RAMP_DURATION = gatling.seconds(
            "api.ramp.durationSeconds", 1, 6, "60", "duration cap of the ramp profile after its ramp-up");
    public static final Setting RAMP500_USERS =
            gatlingUsers("api.ramp500.users", 500, "users of the ramp500 profile (the study's configuration 2)");
    public static final Setting RAMP500_SECONDS =
            gatling.seconds("api.ramp500.rampSeconds", 0, 8, "100", "ramp-up of the ramp500 profile");
    public static final Setting RAMP500_DURATION = gatling.seconds(
            "api.ramp500.durationSeconds", 1, 6, "60", "duration cap of the ramp500 profile after its ramp-up");
    public static final Setting REQUESTS_PER_USER = gatling.integer(
            "api.requestsPerUser", 1, 10_000_000, 1, "requests", "requests each user of a ramp profile sends");
    public static final Setting SATURATE_USERS =
            gatlingUsers("api.saturate.users", 50, "users of the closed saturation loop (wrk semantics)");
    public static final Setting SATURATE_WARMUP = gatling.seconds(
            "api.saturate.warmupSeconds", 0, 3, "10", "warm-up of the saturate profile, reported apart");
    public static final Setting SATURATE_DURATION =
            gatling.seconds("api.saturate.durationSeconds", 1, 5, "30", "measured window of the saturate profile");
    // ApiGatewayStressSimulation (study 004's stress test): doubling arrival rates until a step's errors pass a limit
    public static final Setting STRESS_START_RPS = gatling.integer(
            "api.stress.startRps",
            1,
            1_000_000,
            100,
            "requests/s",
            "first arrival rate of the stress profile; each step doubles it");
    public static final Setting STRESS_MAX_RPS = gatling.full("25600")
            .integer(
                    "api.stress.maxRps",
                    1,
                    1_000_000,
                    800,
                    "requests/s",
                    "last arrival rate of the stress profile (at least api.stress.startRps)");
    public static final Setting STRESS_STEP_SECONDS =
            gatling.seconds("api.stress.stepSeconds", 1, 2, "20", "duration of each stress step");
    public static final Setting STRESS_MAX_ERROR_PCT = gatling.decimal(
            "api.stress.maxErrorPct", 0, 100, 10, "%", "error rate of a step at which the stress profile stops");

    // jmeter/api-gateway.jmx's two thread groups, and jmeter/api-gateway-stress.jmx
    public static final ThreadGroup CONFIG1 = ThreadGroup.of(1, 4, "100", 1, "50", 50);
    public static final ThreadGroup CONFIG2 = ThreadGroup.of(2, 8, "500", 2, "100", 25);

    public static final Setting STRESS_MAX_USERS =
            threadGroupUsers("jmeter.stress.maxUsers", 32, "1000", "users the stress plan reaches");
    public static final Setting STRESS_STEPS =
            jmeter.full("20").integer("jmeter.stress.steps", 1, 1000, 4, "steps", "steps of the stress plan's ramp");
    public static final Setting STRESS_RAMP =
            jmeter.seconds("jmeter.stress.rampUpSeconds", 1, 4, "200", "ramp-up of the stress plan");
    public static final Setting STRESS_HOLD =
            jmeter.seconds("jmeter.stress.holdSeconds", 0, 2, "30", "hold at the top of the stress plan");
    public static final Setting STRESS_ERROR_LIMIT = jmeter.decimal(
            "jmeter.stress.errorLimitPercent",
            0.001,
            100,
            10,
            "%",
            "error rate over the window at which the stress plan stops");
    public static final Setting STRESS_WINDOW = jmeter.integer(
            "jmeter.stress.windowSeconds", 1, 3600, 5, "s", "window the stress plan's error rate is taken over");
    public static final Setting STRESS_MIN_SAMPLES = jmeter.integer(
            "jmeter.stress.minSamples",
            1,
            Integer.MAX_VALUE,
            50,
            "samples",
            "samples the window needs before the error limit applies");

    /** What its plans read with ${__P(...)}. */
    static final List<Setting> PLAN_PROPERTIES = List.of(
            API_PATH,
            CONFIG1.users(),
            CONFIG1.rampUp(),
            CONFIG1.duration(),
            CONFIG1.iterations(),
            CONFIG2.users(),
            CONFIG2.rampUp(),
            CONFIG2.duration(),
            CONFIG2.iterations(),
            STRESS_MAX_USERS,
            STRESS_STEPS,
            STRESS_RAMP,
            STRESS_HOLD,
            STRESS_ERROR_LIMIT,
            STRESS_WINDOW,
            STRESS_MIN_SAMPLES);

    static final List<Setting> ALL = contract.all();

    /** Users of a Gatling profile. */
    private static Setting gatlingUsers(String name, long smoke, String meaning) {
        return gatling.integer(name, 1, MAX_USERS, smoke, "users", meaning);
    }

    /** Users of a JMeter thread group, with its full scale's. */
    private static Setting threadGroupUsers(String name, long smoke, String full, String meaning) {
        return jmeter.full(full).integer(name, 1, MAX_USERS, smoke, "users", meaning);
    }

    /** A thread group n of jmeter/api-gateway.jmx: its users, ramp-up, duration and requests per user (smoke, full). */
    public record ThreadGroup(Setting users, Setting rampUp, Setting duration, Setting iterations) {
        static ThreadGroup of(int n, long users, String fullUsers, long rampUp, String fullRampUp, long iterations) {
            String prefix = "jmeter.config" + n + ".";
            String group = " of thread group " + n;
            return new ThreadGroup(
                    threadGroupUsers(prefix + "users", users, fullUsers, "users" + group),
                    jmeter.seconds(prefix + "rampUpSeconds", 0, rampUp, fullRampUp, "ramp-up" + group),
                    jmeter.seconds(prefix + "durationSeconds", 1, 10, "60", "duration" + group),
                    jmeter.full("1")
                            .integer(
                                    prefix + "iterationsPerUser",
                                    UNTIL_DURATION,
                                    Integer.MAX_VALUE,
                                    iterations,
                                    "requests",
                                    "requests each user of group " + n + " sends; -1: until the duration ends"));
        }
    }
}
