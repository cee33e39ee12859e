package dev.loadlab.studies;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.BuildRuns;
import dev.loadlab.report.read.GatlingRunReader;
import dev.loadlab.report.read.OutsideResults;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.Stalls;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Settings;
import java.util.List;
import java.util.Optional;

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
     * What a study's reader needs of the build: where its files are, the settings, what ran, the outside tools', and
     * how late each JVM woke meanwhile.
     */
    record Inputs(BuildLayout layout, Settings settings, BuildRuns ran, OutsideResults outside, Stalls stalls) {}

    /**
     * Its reader of each run of its Gatling simulations beyond the rows every run gives, new for each build (it gathers
     * over the runs); none by default. Made before any file is read: a setting it needs that is wrong stops the report
     * before it clears reports/.
     */
    default Optional<GatlingRunReader> gatlingReader(Settings settings) {
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

    /** A verdict of a study's own, beside the gate's checks of its rows: passed or not, in one line. */
    record Verdict(boolean passed, String line) {}

    /**
     * Its own verdict on a merge of CI jobs that ran it (the bulk bench's gate), beyond the gate's checks of its rows,
     * which the merge takes from its job; none by default.
     */
    default Optional<Verdict> mergedVerdict(Summary merged) {
        return Optional.empty();
    }
}
