package dev.loadlab.live;

import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.StudyCatalogue;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Gatling's side of the {@code :stop} limits: a loadlab simulation hands it each response as Gatling's stats engine
 * logs it (dev.loadlab.LiveStop; Gatling writes simulation.log only 8 KB at a time, too late at a few requests a
 * second) and, at a crossing, runs {@code stop}: Gatling's own stopLoadGenerator, after which it writes its report.
 */
public final class GatlingLive {
    private final LiveWatch watch;

    private GatlingLive(LiveWatch watch) {
        this.watch = watch;
    }

    /**
     * Empty when no limit stops.
     *
     * @param wireLabel the run's wire as the report names it (Wire#label)
     * @param loadlabDir target/loadlab, where the stop is recorded
     */
    public static Optional<GatlingLive> start(
            Settings settings, String simulation, String wireLabel, Path loadlabDir, Runnable stop) {
        StopLimits limits =
                StopLimits.of(settings.get(ReportKnobs.LIMITS), settings.longValue(ReportKnobs.MIN_SAMPLES));
        if (limits.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new GatlingLive(new LiveWatch(
                limits,
                "gatling " + wireLabel + " " + simulation,
                StudyCatalogue.experimentOfRun("gatling", simulation),
                GatlingResults.ALL_REQUESTS,
                loadlabDir.resolve(Stops.FILE),
                stop)));
    }

    /** One response (from any of Gatling's threads). */
    public void response(String name, long startEpochMs, long endEpochMs, boolean ok) {
        watch.sample(startEpochMs, name, endEpochMs - startEpochMs, ok);
    }

    /** The load is over: what comes after it is not judged (the gate judges the whole run). */
    public void finish() {
        watch.end();
    }
}
