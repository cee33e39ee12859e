package dev.loadlab.chains

import dev.loadlab.CalibrationConfig
import dev.loadlab.requests.CalibrationRequests
import dev.loadlab.studies.calibration.CalibrationKnobs
import dev.loadlab.studies.calibration.CalibrationKnobs.{MEASURED, WARM_UP}
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/** One user of the calibration loop: requests back to back on one keep-alive connection. */
object CalibrationChains {

  /**
   * The warm-up, then the measured window, on the same connection, so that neither the injector's JIT nor a TLS
   * handshake lands in the window. exitASAP off: a request sent in the window is always answered and recorded, so the
   * tool's count can equal the server's.
   */
  def closedLoop(c: CalibrationConfig, route: String): ChainBuilder = {
    def phase(name: String, seconds: Int): ChainBuilder =
      during(seconds, false)(exec(CalibrationRequests.calibrate(
        c.path,
        route,
        name,
        CalibrationKnobs.tag("gatling", c.wire, route, name),
        c.latencyOf(route))))
    phase(WARM_UP, c.warmupSeconds).exec(phase(MEASURED, c.windowSeconds))
  }
}
