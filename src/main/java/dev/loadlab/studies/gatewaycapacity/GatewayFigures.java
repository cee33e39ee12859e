package dev.loadlab.studies.gatewaycapacity;

import java.util.List;

/**
 * The gateway study's figures in summary.json: every step of its search per wire and upstream latency, and per latency
 * its knee.
 *
 * @param gatewaySteps named so since summary.json's first schema, as gatewayKnees
 */
public record GatewayFigures(List<Gateway.Step> gatewaySteps, List<Gateway.Knee> gatewayKnees) {}
