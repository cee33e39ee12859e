package dev.loadlab.studies.apigateway;

import java.util.Map;

/** One step of a stress run: its samples, error % and failed requests by kind. */
public record StressStep(int step, long samples, double errorPct, Map<String, Long> errorsByKind) {}
