package dev.loadlab.studies.odatawrite;

import java.util.List;

/**
 * The write study's figures in summary.json: ms per record of each strategy at each record count, per wire.
 *
 * @param writeStrategies named so since summary.json's first schema
 */
public record WriteFigures(List<WritePoint> writeStrategies) {}
