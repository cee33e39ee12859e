package dev.loadlab.report.read;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;

/**
 * What a study reads of its own runs beyond the rows every run gives: its Gatling simulations' groups or the files
 * they wrote beside simulation.log, its JMeter plans' samples in the one pass over their CSV. A study gives the report
 * a new one for each build (Study#reader), which gathers over the runs and puts the study's figures once all are read.
 */
public interface RunReader {

    /** One run of one of its simulations over {@code protocol}: its folder and its log. */
    default void read(String protocol, Path runDir, GatlingLog log, Parts parts) {}

    /** The runs of several injectors as one log (GatlingInjectors); read as one run without a folder by default. */
    default void readMerged(String protocol, int injectors, GatlingLog merged, Parts parts) {
        read(protocol, null, merged, parts);
    }

    /**
     * What it takes of each sample of the CSV of JMeter's {@code plan} over {@code protocol}, whose columns
     * {@code header} names; empty for a plan it does not read (every plan of the build is offered).
     */
    default Optional<JmeterSamples> plan(String protocol, String plan, List<String> header, Parts parts) {
        return Optional.empty();
    }

    /** After every run of both tools is read: the study's figures into {@code parts} (Parts#figures). */
    void finish(Parts parts);

    /** One CSV's samples as JMeter wrote them, in file order. */
    interface JmeterSamples {
        /**
         * One sample, and its line's fields by the header's index, for a column of the plan's own ({@code null} past
         * the line's end).
         */
        void add(JmeterSample sample, IntFunction<String> field);

        /** After its CSV's last sample. */
        default void close(Parts parts) {}
    }

    /**
     * One sample of a JMeter CSV: its times (epoch ms, ms), whether it passed and, where not, its error's kind and
     * message (ErrorClassifier), its bytes, and the thread that sent it ("" where the CSV has no threadName).
     */
    record JmeterSample(
            String label,
            String thread,
            long startMs,
            long elapsedMs,
            long latencyMs,
            long connectMs,
            boolean ok,
            String errorKind,
            String errorDetail,
            long receivedBytes,
            long sentBytes) {}
}
