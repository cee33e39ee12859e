package dev.loadlab

import io.gatling.core.Predef
import io.gatling.core.config.GatlingConfiguration

/**
 * For tests that build Gatling's DSL outside a run: what Gatling does before it instantiates a simulation (the setter
 * is Gatling-private), its configuration from the test class path's gatling.conf.
 */
object GatlingConfigured {
  Predef.getClass
    .getMethod("_configuration_$eq", classOf[GatlingConfiguration])
    .invoke(Predef, GatlingConfiguration.load())

  /** Touching this object configures Gatling once per JVM. */
  def ensure(): Unit = ()
}
