package dev.loadlab

/**
 * The base of a simulation of your own (docs/own-scenarios.md): `httpProtocol` already points at the build's target
 * over the wire of the run (its URL, HTTP/1.1 or h2, the target's authentication and trust), the target is checked
 * before any load, and a bad setting stops the run in one line. You write the scenario, its injection profile and its
 * assertions; `mvn verify` runs it on every Gatling wire the target speaks, and the report and the gate read it as they
 * read the studies' simulations.
 */
abstract class OwnSimulation extends LoadlabSimulation[Common](Config.common)(c => c)
