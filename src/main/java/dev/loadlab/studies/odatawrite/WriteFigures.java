package dev.loadlab.studies.odatawrite;

import java.util.List;

/**
 * The write study's figures in summary.json: ms per record of each strategy at each record count, per wire and repeat;
 * and each cell's median, least and most over the repeats.
 *
 * @param writeStrategies named so since summary.json's first schema
 * @param ranges          null in a summary from before repeats (WriteRepeats makes them from the points)
 */
public record WriteFigures(List<WritePoint> writeStrategies, List<WriteRepeats.Range> ranges) {
    public WriteFigures(List<WritePoint> writeStrategies) {
        this(writeStrategies, WriteRepeats.ranges(writeStrategies));
    }
}
