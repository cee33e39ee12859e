package dev.loadlab.studies;

import java.util.List;

/**
 * An experiment of a team's figures in summary.json, by its name: each of its requests per wire in both tools beside
 * the server's count.
 *
 * @param ownRequests named so since summary.json's schema 2, when one list held every own experiment's
 */
public record OwnFigures(List<OwnRequestRow> ownRequests) {}
