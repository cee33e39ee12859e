package dev.loadlab.chains

import java.util.concurrent.atomic.{AtomicInteger, AtomicLong}

import dev.loadlab.{ODataConfig, WriteStrategy}
import dev.loadlab.requests.ODataRequests
import dev.loadlab.shared.Repeats
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/**
 * One measured write: `records` records by one strategy; `width` is the batch size or the connection count; `repeat`
 * which of -Drepeats' runs of the whole table it belongs to.
 */
final case class WriteRun(strategy: WriteStrategy, width: Int, records: Int, repeat: Int = 1) {
  def users: Int = if (strategy == WriteStrategy.Parallel) math.min(width, records) else 1

  /**
   * Also the group name in simulation.log: wall time of the group(s) / records = ms per record. The first repeat's is
   * the name a run without repeats has; a later one's ends in its number.
   */
  def label: String =
    (strategy match {
      case WriteStrategy.Batch | WriteStrategy.Parallel => s"${strategy.name}-$width records=$records"
      case _ => s"${strategy.name} records=$records"
    }) + Repeats.suffix(repeat)

  /** The strategy and its width: one row of the study's table. */
  def series: String = label.takeWhile(_ != ' ')
}

object WriteRun {

  /** The whole table, once per repeat: each repeat runs every strategy at every count again, after the one before. */
  def all(c: ODataConfig): Seq[WriteRun] = for {
    repeat <- 1 to c.common.repeats
    strategy <- c.strategies
    width <- strategy match {
      case WriteStrategy.Batch => c.batchSizes
      case WriteStrategy.Parallel => c.parallelConnections
      case _ => Seq(1)
    }
    records <- c.recordCounts
  } yield WriteRun(strategy, width, records, repeat)
}

/**
 * The write strategies of the CAP study, and the server-side count around them: every run must add exactly its
 * records to the table, so a lost (or doubled) write fails the "verify $count" request instead of looking fast.
 * Without `verifyCount` no count is asked: a run reproducing the study's error onsets writes what the target takes.
 */
final class ODataChains(requests: ODataRequests, verifyCount: Boolean) {
  private val expectedRows = new AtomicLong
  private val Count = "count"
  private val Expected = "expectedCount"
  private val LastWriter = "lastWriter"

  val baseline: ChainBuilder =
    exec(requests.count("count before", Count, None))
      .exec { session => session(Count).asOption[Long].foreach(expectedRows.set); session }

  /** The rows (strategy and width, in a repeat) whose errors have started: the study stopped a strategy there. */
  private val stopped = java.util.concurrent.ConcurrentHashMap.newKeySet[(String, Int)]()

  /**
   * Writes, then the last writer to finish checks the count. One population per run, not a writer population and
   * a checker population: Gatling starts a chained population only at its next one-second injector tick. A run of a
   * strategy whose errors started at a smaller record count is skipped, as the study skipped it; the report names
   * the kind and the count where they started.
   */
  def writeThenVerify(run: WriteRun): ChainBuilder = {
    val writersLeft = new AtomicInteger(run.users)
    val written = write(run).exec(_.set(LastWriter, writersLeft.decrementAndGet() == 0))
    val checked = if (verifyCount) written.doIf(_(LastWriter).validate[Boolean])(verify(run)) else written
    val row = (run.series, run.repeat)
    doIf(_ => !stopped.contains(row))(checked.exec { session => if (session.isFailed) stopped.add(row); session })
  }

  private def write(run: WriteRun): ChainBuilder = group(run.label)(run.strategy match {
    case WriteStrategy.Sequential =>
      repeat(run.records, "i")(exec(requests.create(_("i").validate[Int])))
    case WriteStrategy.Batch =>
      val (full, rest) = (run.records / run.width, run.records % run.width)
      val fullBatches = repeat(full, "b")(exec(requests.batch(_("b").validate[Int].map(_ * run.width), run.width)))
      if (rest == 0) fullBatches else fullBatches.exec(requests.batch(_ => full * run.width, rest))
    case WriteStrategy.Parallel =>
      val tickets = new Tickets(run.records)
      tickets.share(exec(requests.create(tickets.index)))
    case WriteStrategy.CustomRest =>
      exec(requests.bulk(run.records))
  })

  private def verify(run: WriteRun): ChainBuilder =
    exec(_.set(Expected, expectedRows.addAndGet(run.records)))
      .exec(requests.count("verify $count", Count, Some(_(Expected).validate[Long])))
      // Start the next run from what the server really holds, so one loss is reported once.
      .exec { session => session(Count).asOption[Long].foreach(expectedRows.set); session }
}
