package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.CONTRACT;

import java.util.List;
import java.util.Locale;

/**
 * The settings every experiment of your own has, named after it ({@code checkout.users}, {@code checkout.rampSeconds},
 * {@code checkout.durationSeconds}), with defaults at smoke and at full scale as the catalogue's own; and the tag under
 * which the reference server counts each of its requests, so that every tool's count per request can be set beside
 * the server's. Own experiments are found at build time, so these are made per name rather than listed in
 * {@link Catalogue}.
 */
public final class OwnKnobs {
    private OwnKnobs() {}

    /**
     * The request header the reference server counts a request under, on any route (as the calibration route counts
     * its {@code tag} parameter). A target of your own ignores it.
     */
    public static final String TAG_HEADER = "X-Loadlab-Tag";

    /** What is left of a request's name in its tag: the server refuses tags longer than 80 characters. */
    private static final int MAX_SLUG = 40;

    private static final int MAX_EXPERIMENT = 20;

    /** What a simulation's class name ends with; the rest, in kebab case, is its experiment's name. */
    public static final String SIMULATION = "Simulation";

    public static Setting users(String experiment) {
        return new Knobs(CONTRACT)
                .full("20")
                .integer(experiment + ".users", 1, 100_000, 2, "users", "virtual users of " + experiment);
    }

    public static Setting rampSeconds(String experiment) {
        return new Knobs(CONTRACT)
                .full("30")
                .integer(
                        experiment + ".rampSeconds",
                        0,
                        3600,
                        0,
                        "s",
                        "the users of " + experiment + " start evenly over this time");
    }

    public static Setting durationSeconds(String experiment) {
        return new Knobs(CONTRACT)
                .seconds(
                        experiment + ".durationSeconds",
                        1,
                        5,
                        "300",
                        "each user repeats " + experiment + "'s journey until this time has passed since it started");
    }

    /** The experiment a simulation class is: {@code CheckoutSimulation}: checkout; {@code MyCheckoutSimulation}: my-checkout. */
    public static String experimentOf(String simulationClass) {
        String name = simulationClass.endsWith(SIMULATION)
                ? simulationClass.substring(0, simulationClass.length() - SIMULATION.length())
                : simulationClass;
        return kebab(name);
    }

    /** CheckoutSimulation: checkout; MyCheckout: my-checkout; ABTest: ab-test. */
    public static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2")
                .replaceAll("([A-Z])([A-Z][a-z])", "$1-$2")
                .toLowerCase(Locale.ROOT);
    }

    /** Every setting of one own experiment, in the order the docs list them. */
    public static List<Setting> of(String experiment) {
        return List.of(users(experiment), rampSeconds(experiment), durationSeconds(experiment));
    }

    /**
     * The tag of one request of an own experiment: {@code <tool>-<wire>-<experiment>.<request>}, the request's name
     * in lower case with every run of other characters one '-', e.g. {@code jmeter-h2-shop.get-cart}. The
     * experiment's name is cut to 20 characters and the request's to 40, so that a tag stays within the server's 80.
     */
    public static String tag(String tool, String wire, String experiment, String requestName) {
        return tagPrefix(tool, wire, experiment) + slug(requestName);
    }

    /** What every tag of one tool's requests of an experiment on a wire begins with; the request's slug follows. */
    public static String tagPrefix(String tool, String wire, String experiment) {
        String name = experiment.length() > MAX_EXPERIMENT ? experiment.substring(0, MAX_EXPERIMENT) : experiment;
        return tool + "-" + wire + "-" + name + ".";
    }

    /** {@code GET /users/getAllUsers}: {@code get-users-getallusers}; at most its last 40 characters. */
    public static String slug(String requestName) {
        String slug = requestName
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("^-|-$", "");
        // the end is kept: a long path's last segments, and the " (2)" that tells two alike requests apart
        slug = slug.length() > MAX_SLUG
                ? slug.substring(slug.length() - MAX_SLUG).replaceAll("^-", "")
                : slug;
        return slug.isEmpty() ? "request" : slug;
    }
}
