package dev.loadlab.steps;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The build's step after loadlab's runs, before the target goes down: each chosen study's outside tool (Study#outside)
 * against the target, their output under {@code <target>/outside/} (OutsideTools).
 */
public final class OutsideRuns {
    private OutsideRuns() {}

    /** In Maven's JVM (exec:java): the argument is the build's target/; a bad setting is the build's error. */
    public static void main(String[] args) {
        Settings settings = Settings.fromSystem();
        List<OutsideTools.Run> runs = Studies.ran(ContractKnobs.chosen(settings)).stream()
                .flatMap(study -> study.outside().stream())
                .toList();
        try {
            OutsideTools.run(settings, Path.of(args.length > 0 ? args[0] : "target", "outside"), runs);
        } catch (IOException e) {
            System.out.println("loadlab: outside tools: " + e.getMessage() + "; their figures are left out");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
