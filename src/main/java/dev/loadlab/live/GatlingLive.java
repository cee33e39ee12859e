package dev.loadlab.live;

import dev.loadlab.report.read.ErrorClassifier;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.StudyCatalogue;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gatling's side of the live page and the {@code :stop} limits: a loadlab simulation hands it each response and each
 * user's start and end as Gatling's stats engine logs them (dev.loadlab.LiveStop; Gatling writes simulation.log only 8
 * KB at a time, too late at a few requests a second). The live page's figures go to the run's {@link LiveFeed}; at a
 * limit's crossing it runs {@code stop}: Gatling's own stopLoadGenerator, after which it writes its report.
 */
public final class GatlingLive {
    private final Optional<LiveWatch> watch;
    private final Optional<LiveFeed> feed;
    private final AtomicLong users = new AtomicLong();

    private GatlingLive(Optional<LiveWatch> watch, Optional<LiveFeed> feed) {
        this.watch = watch;
        this.feed = feed;
    }

    /**
     * Empty when no limit stops and the live page is off.
     *
     * @param wire the run's wire (Wire#id)
     * @param wireLabel the run's wire as the report names it (Wire#label)
     * @param loadlabDir target/loadlab, where the stop is recorded and the figures go
     */
    public static Optional<GatlingLive> start(
            Settings settings, String simulation, String wire, String wireLabel, Path loadlabDir, Runnable stop) {
        StopLimits limits =
                StopLimits.of(settings.get(ReportKnobs.LIMITS), settings.longValue(ReportKnobs.MIN_SAMPLES));
        String experiment = StudyCatalogue.experimentOfRun("gatling", simulation);
        Optional<LiveWatch> watch = limits.isEmpty()
                ? Optional.empty()
                : Optional.of(new LiveWatch(
                        limits,
                        "gatling " + wireLabel + " " + simulation,
                        experiment,
                        GatlingResults.ALL_REQUESTS,
                        loadlabDir.resolve(Stops.FILE),
                        stop));
        Optional<LiveFeed> feed = settings.bool(ReportKnobs.LIVE)
                ? Optional.ofNullable(LiveFeed.open(
                        LiveFeed.file(loadlabDir, "gatling", wire, simulation),
                        "gatling",
                        wireLabel,
                        simulation,
                        experiment))
                : Optional.empty();
        return watch.isEmpty() && feed.isEmpty() ? Optional.empty() : Optional.of(new GatlingLive(watch, feed));
    }

    /** One response (from any of Gatling's threads); message is Gatling's for a failure, null for a success. */
    public void response(String name, long startEpochMs, long endEpochMs, boolean ok, String message) {
        feed.ifPresent(f ->
                f.sample(endEpochMs, name, endEpochMs - startEpochMs, ok ? null : ErrorClassifier.gatling(message)));
        watch.ifPresent(w -> w.sample(startEpochMs, name, endEpochMs - startEpochMs, ok));
    }

    /** A user started or ended. */
    public void user(boolean start) {
        long active = start ? users.incrementAndGet() : users.decrementAndGet();
        feed.ifPresent(f -> f.users(active));
    }

    /** The load is over: what comes after it is not judged (the gate judges the whole run); the last second written. */
    public void finish() {
        watch.ifPresent(LiveWatch::end);
        feed.ifPresent(LiveFeed::end);
    }
}
