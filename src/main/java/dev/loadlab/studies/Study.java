package dev.loadlab.studies;

import dev.loadlab.outside.OutsideTools;
import dev.loadlab.report.compare.Changes;
import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.BuildRuns;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.report.read.Stalls;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * The one door an experiment comes in by, the studies' and a team's alike: what the build runs of it and checks before
 * load ({@link #experiment()}), the gate limits it needs by default, how its results beyond the tools' own rows are
 * read, and its headline, page sections and compare section. {@link Studies#ALL} lists the studies; a team's
 * experiments share {@link Studies#OWN}. The report asks only the experiments that ran.
 */
public interface Study {

    /** As {@code -Dexperiments} names it, and the report and the gate show it: its experiment's. */
    default String name() {
        return experiment().name();
    }

    /** What the build runs of it: its simulations, its plans' wires, the request asked before load. */
    Experiment experiment();

    /**
     * Its own settings (its load, its search's criteria, its request's shape), in the order docs/properties.md lists
     * them within their parts; the settings' catalogue takes them from here ({@link StudiesCatalogue}), so that each is
     * defined in its study's package. Made without reading a setting. None by default.
     */
    default List<Setting> settings() {
        return List.of();
    }

    /** Those of its settings its JMeter plans read with {@code ${__P(...)}}, handed to every plan JMeter starts. */
    default List<Setting> planProperties() {
        return List.of();
    }

    /**
     * Whether a team's project that has no experiment of its own runs it when -Dexperiments names none (the calibration:
     * the tools and the machine measured against the server's count, on any target). No by default.
     */
    default boolean runsInAnEmptyProject() {
        return false;
    }

    /**
     * Its settings judged together, one line each, where a value allowed alone is not with another (the build's first
     * step asks it of the chosen studies, before anything starts).
     */
    default List<String> settingProblems(Settings settings) {
        return List.of();
    }

    /** Its entries of {@code gate.limits} by default ({@code <run text>:<limit>=<n>}), at smoke or at full scale. */
    default List<String> gateLimits(boolean full) {
        return List.of();
    }

    /**
     * A reference server process a study needs beside the embedded target: started with it (the same server settings,
     * faults off, an embedded database of its own), stopped with it, and loaded by nothing but its study. Its folder is
     * named {@code id}. Where {@code forTarget}, the target forwards to it: its HTTP URL is the target's setting
     * {@code key}, so it is up before the target starts. Else it is its study's tools' own, untouched before their load:
     * its URL (TLS where {@code tls}) goes to target.properties under {@code key} and its certificate is trusted.
     * {@code askedBy} is the setting that asks for it, as a note names it.
     */
    record Companion(String id, boolean forTarget, String key, boolean tls, String askedBy) {
        /** One the target forwards to, its HTTP URL the target's {@code setting}, which also asks for it. */
        public static Companion ofTarget(String id, String setting) {
            return new Companion(id, true, setting, false, setting);
        }

        /** One its study's tools load first, its URL (TLS where {@code tls}) in target.properties under {@code key}. */
        public static Companion ofTools(String id, String key, boolean tls, String askedBy) {
            return new Companion(id, false, key, tls, askedBy);
        }
    }

    /**
     * What it needs started beside the embedded target (the gateway's upstream, the latency study's cold targets), as
     * {@code settings} and the wires Gatling runs here ask; none by default. On a target of yours none starts: there,
     * the load a tools' companion would have taken goes to your target, and its path is not asked before that load.
     */
    default List<Companion> companions(Settings settings, List<Wire> gatlingWires) {
        return List.of();
    }

    /** A CPU limit on the embedded target's process: its {@code millicores}, and the setting that {@code askedBy}. */
    record CpuLimit(int millicores, String askedBy) {}

    /**
     * The CPU limit its study's system had, which the embedded target's process is held to as a container's limit holds
     * it (a Linux cgroup of its own: the gateway's pod), where its settings ask for it; none by default.
     */
    default Optional<CpuLimit> targetCpuLimit(Settings settings) {
        return Optional.empty();
    }

    /**
     * Its own step, neither Gatling's nor JMeter's (the bulk bench): {@code run} in a JVM of its own during
     * integration-test, {@code gate} in verify after the loadlab gate ({@code dev.loadlab.steps.StudySteps}); left out
     * when the setting {@code skip} is true. {@code run}'s exit codes: 0, 1 (a failed run) and 2 (bad input) are written
     * for its gate to judge, any other fails the build at once; {@code gate}'s: 0 passed, else failed.
     */
    record OwnStep(Setting skip, IntSupplier run, IntSupplier gate) {}

    /** Its own step, if it has one; none by default. */
    default Optional<OwnStep> ownStep() {
        return Optional.empty();
    }

    /**
     * Its tool that is not loadlab's, run against the target after the tools' runs as a reference beside them (ab, wrk)
     * where it is installed; its output goes to {@link Inputs#outside()}. None by default.
     */
    default Optional<OutsideTools.Run> outside() {
        return Optional.empty();
    }

    /**
     * What a study's reader needs of the build: where its files are, the settings, what ran, and how late each JVM
     * woke meanwhile.
     */
    record Inputs(BuildLayout layout, Settings settings, BuildRuns ran, Stalls stalls) {
        /** Where the outside tools (ab, wrk) left what they printed (Study#outside). */
        public Path outside() {
            return layout.target().resolve("outside");
        }
    }

    /**
     * Its reader of its own runs beyond the rows every run gives (its Gatling simulations' runs, its JMeter plans'
     * samples), new for each build that ran it (it gathers over the runs); none by default. Made before any file is
     * read: a setting it needs that is wrong stops the report before it clears reports/.
     */
    default Optional<RunReader> reader(Inputs in) {
        return Optional.empty();
    }

    /** Reads what it left beyond the Gatling and JMeter rows (which every experiment's runs give) into parts. */
    default void read(Inputs in, Parts parts) {}

    /** Its headline on the report's first screen: the study's finding in its own terms, with its number. */
    Optional<Page.Finding> finding(Summary s, String experiment);

    /** Its sections of index.html, after the rows every experiment shares. */
    default List<Section> sections(Summary s) {
        return List.of();
    }

    /** Its part of compare.html. */
    CompareSection compare();

    /** Its own checks of the gate on {@code s}, beyond the limits every row is held to; none by default. */
    default List<Check> checks(Summary s, Settings settings) {
        return List.of();
    }

    /**
     * Rows of {@code s} that fail by design, which the gate's limits pass over and say so: {@code what} they are, and
     * {@code why} they fail.
     */
    record PassedOver(List<Summary.Row> rows, String what, String why) {}

    /** Its rows the gate's limits pass over (the gateway search's steps past its knee); none by default. */
    default Optional<PassedOver> passedOver(Summary s) {
        return Optional.empty();
    }

    /**
     * How far two measurements of one load stood apart in this run, as it measured them (the calibration's tools
     * against the server's count): a change between two runs within it is noise. None by default.
     */
    default Optional<Changes.Spread> spread(Summary s) {
        return Optional.empty();
    }

    /** A verdict of a study's own, beside the gate's checks of its rows: passed or not, in one line. */
    record Verdict(boolean passed, String line) {}

    /**
     * Whether every job of a build split by experiment may run it beside its own, on its own runner (the calibration:
     * each job's tools and machine measured against the server's count, so that each runner vouches for its own rows).
     * A merge keeps each job's run of it apart, its runs named by the job ({@code CalibrationSimulation @ latency}) and
     * each element of its figures' lists given the job as its {@code runner}. No by default: each experiment is one
     * job's.
     */
    default boolean runsInEveryJob() {
        return false;
    }

    /**
     * Its own verdict on a merge of CI jobs that ran it (the bulk bench's gate), beyond the gate's checks of its rows,
     * which the merge takes from its job; none by default.
     */
    default Optional<Verdict> mergedVerdict(Summary merged) {
        return Optional.empty();
    }
}
