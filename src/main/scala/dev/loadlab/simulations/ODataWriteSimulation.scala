package dev.loadlab.simulations

import dev.loadlab._
import dev.loadlab.chains.{ODataChains, WriteRun}
import dev.loadlab.requests.ODataRequests
import io.gatling.core.Predef._

/**
 * The CAP write-strategies study: for each strategy and record count, one run after the other, write the records
 * and then check the server's `$count` grew by exactly that many (unless -Dodata.verifyCount=false).
 *
 * Not shared among injectors: each run is timed whole (wall time per record) and checked against the table's count,
 * which a share on each injector would break. With -Dinjector=1/N the first injector runs it whole; the build of any
 * other injector leaves it out (and the simulation refuses to start there).
 */
class ODataWriteSimulation extends LoadlabSimulation(Config.odata)(_.common) {

  private val chains = new ODataChains(
    new ODataRequests(config.contract, config.template, config.batchAtomic),
    config.verifyCount)

  private val baseline = scenario("count before").exec(chains.baseline).inject(atOnceUsers(1))
  private val runs = WriteRun.all(config).map(run =>
    scenario(run.label).exec(chains.writeThenVerify(run)).inject(atOnceUsers(run.users)))
  private val populations = if (config.verifyCount) baseline +: runs else runs

  setUp(populations.reduceRight((population, next) => population.andThen(next)))
    .protocols(httpProtocol)
    .assertions(
      global.failedRequests.percent.lte(common.maxErrorPct) +:
        // -Dodata.verifyCount=false: no count is asked, so none can fail
        (if (config.verifyCount) Seq(details("verify $count").failedRequests.count.is(0L)) else Nil): _*)
}
