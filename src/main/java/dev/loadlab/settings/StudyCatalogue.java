package dev.loadlab.settings;

import java.util.List;
import java.util.ServiceLoader;

/**
 * The studies as the settings need them: their experiments (the names {@code -Dexperiments} takes beside a team's own),
 * their own settings (each defined in its study's package) and their {@code gate.limits} entries by default. The settings are the floor of the code and import nothing above
 * them, so the studies' list (dev.loadlab.studies) provides this through {@link ServiceLoader}
 * ({@code META-INF/services}); it is found once, when the settings' catalogue is first made, and must not read a
 * setting while it is made.
 */
public interface StudyCatalogue {

    /** The studies' experiments, in the report's order. */
    List<Experiment> experiments();

    /** Every study's own settings, study by study. */
    List<Setting> settings();

    /** Every study's {@code gate.limits} entries by default, at smoke or at full scale. */
    List<String> gateLimits(boolean full);

    /** The provider on loadlab's class path; without one (the settings alone) no experiment is a study's. */
    StudyCatalogue LOADED = ServiceLoader.load(StudyCatalogue.class, StudyCatalogue.class.getClassLoader())
            .findFirst()
            .orElse(new StudyCatalogue() {
                @Override
                public List<Experiment> experiments() {
                    return List.of();
                }

                @Override
                public List<Setting> settings() {
                    return List.of();
                }

                @Override
                public List<String> gateLimits(boolean full) {
                    return List.of();
                }
            });

    /** The studies' names, in the report's order. */
    static List<String> names() {
        return LOADED.experiments().stream().map(Experiment::name).toList();
    }

    /** Whether the simulation of this simple name is a study's that only the first of several injectors runs. */
    static boolean firstInjectorOnly(String simulation) {
        return LOADED.experiments().stream()
                .anyMatch(e -> e.firstInjectorOnly() && e.simulationNames().contains(simulation));
    }

    /** Every study's default {@code gate.limits} entries, joined as the setting writes them. */
    static String joinedLimits(boolean full) {
        return String.join(";", LOADED.gateLimits(full));
    }

    /**
     * The experiment a tool's run belongs to: a Gatling simulation's class (simple name) is a study's where one of its
     * simulations names it, else your own's ({@code CheckoutSimulation}: checkout); any other tool's run (a JMeter
     * plan's name) is a study's where it begins with the study's name, else your own's ({@code checkout}).
     */
    static String experimentOfRun(String tool, String run) {
        List<Experiment> studies = LOADED.experiments();
        if (tool.equals("gatling")) {
            return studies.stream()
                    .filter(e -> e.simulationNames().contains(run))
                    .map(Experiment::name)
                    .findFirst()
                    .orElseGet(() -> OwnKnobs.experimentOf(run));
        }
        return Experiment.ofPlan(run + ".jmx", studies).map(Experiment::name).orElse(run);
    }
}
