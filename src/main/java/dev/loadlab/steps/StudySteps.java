package dev.loadlab.steps;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.List;
import java.util.Optional;

/**
 * The chosen studies' own steps (Study#ownStep: the bulk bench), in one JVM of their own that the build forks:
 * {@code run} during integration-test, {@code gate} in verify. Maven skips both where {@link #SKIP_FLAG} says so
 * (build.properties: no chosen study has a step, -DskipTests, or an injector of several).
 */
public final class StudySteps {
    /** The Maven property that skips both executions (loadlab-parent's study-steps and study-gates). */
    static final String SKIP_FLAG = "loadlab.skip.studySteps";
    /** A step's exit codes that its gate judges later; any other fails the build at once. */
    private static final List<Integer> JUDGED_LATER = List.of(0, 1, 2);

    private StudySteps() {}

    public static void main(String[] args) {
        Settings settings = Settings.fromSystem();
        boolean gate = args.length > 0 && args[0].equals("gate");
        int exit = 0;
        for (Study.OwnStep step : chosen(settings)) {
            int code = gate ? step.gate().getAsInt() : step.run().getAsInt();
            if (gate ? code != 0 : !JUDGED_LATER.contains(code)) {
                exit = code;
            }
        }
        System.exit(exit);
    }

    /** The steps of the studies -Dexperiments chose, but those their own setting leaves out. */
    static List<Study.OwnStep> chosen(Settings settings) {
        return ContractKnobs.chosen(settings).stream()
                .map(Studies::study)
                .flatMap(Optional::stream)
                .map(Study::ownStep)
                .flatMap(Optional::stream)
                .filter(step -> !settings.bool(step.skip()))
                .toList();
    }
}
