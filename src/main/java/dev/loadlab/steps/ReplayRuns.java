package dev.loadlab.steps;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What -Dreplay=true makes of a build (docs/own-scenarios.md): your own experiments only, each once, by one user who
 * starts at once, on one wire (the first the target's URLs carry: HTTP/1.1 over TLS, else HTTP/1.1; -Dwires chooses
 * others), in both tools. The simulations (OwnSimulation.ownLoad) and the imported plans (one-pass switch) read
 * {@code replay} for the one pass; the users and the wire are settings, set here.
 */
final class ReplayRuns {
    private ReplayRuns() {}

    /** The one line when -Dreplay=true names what cannot be replayed; empty otherwise. */
    static Optional<String> problem(Settings settings, List<OwnScenarios> own) {
        if (!settings.bool(ContractKnobs.REPLAY)) {
            return Optional.empty();
        }
        List<String> studies = ContractKnobs.named(settings).stream()
                .filter(ContractKnobs.EXPERIMENT_NAMES::contains)
                .toList();
        if (own.isEmpty()
                || !studies.isEmpty()
                || OwnScenarios.chosen(settings, own).isEmpty()) {
            return Optional.of("-D" + ContractKnobs.REPLAY.name() + "=true is not allowed with -D"
                    + ContractKnobs.EXPERIMENTS.name() + "=" + settings.get(ContractKnobs.EXPERIMENTS)
                    + ": expected experiments of your own only ("
                    + (own.isEmpty()
                            ? "this project has none: a simulation <Name>Simulation or a plan jmeter/<name>.jmx"
                            : String.join(
                                    "|", own.stream().map(OwnScenarios::name).toList()))
                    + ")");
        }
        return Optional.empty();
    }

    /** The settings of a replay: one user at once for each chosen experiment, one wire unless -Dwires names them. */
    static Settings narrow(Settings settings, List<OwnScenarios> own) {
        if (!settings.bool(ContractKnobs.REPLAY)) {
            return settings;
        }
        Map<String, String> replay = new HashMap<>();
        for (OwnScenarios o : OwnScenarios.chosen(settings, own)) {
            replay.put(OwnKnobs.users(o.name()).name(), "1");
            replay.put(OwnKnobs.rampSeconds(o.name()).name(), "0");
        }
        if (settings.get(TargetKnobs.WIRES).isBlank()) {
            replay.put(TargetKnobs.WIRES.name(), Runs.of(settings, own).firstWire().id);
        }
        return settings.with(replay);
    }
}
