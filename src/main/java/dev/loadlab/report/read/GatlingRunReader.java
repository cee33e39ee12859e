package dev.loadlab.report.read;

import java.nio.file.Path;

/**
 * What a study reads of each run of its Gatling simulations beyond the rows every run gives: its own groups, or the files
 * its simulation wrote beside simulation.log. A study gives the report a new one for each build (Study#gatlingReader),
 * which gathers over the runs and puts the study's figures once all are read.
 */
public interface GatlingRunReader {

    /** One run over {@code protocol}: its folder and its log. */
    void read(String protocol, Path runDir, GatlingLog log, Parts parts);

    /** The runs of several injectors as one log (GatlingInjectors); read as one run without a folder by default. */
    default void readMerged(String protocol, int injectors, GatlingLog merged, Parts parts) {
        read(protocol, null, merged, parts);
    }

    /** After every run is read: the study's figures into {@code parts} (Parts#figures). */
    void finish(Parts parts);
}
