package dev.loadlab.chains

import java.util.concurrent.atomic.AtomicInteger

import io.gatling.commons.validation._
import io.gatling.core.Predef._
import io.gatling.core.structure.ChainBuilder

/**
 * `total` numbered requests shared by every user of one run and handed out one at a time, so that exactly `total`
 * are sent whatever the concurrency (ab's -n with -c users). A user that draws a number >= total stops.
 */
final class Tickets(total: Int) {
  private val next = new AtomicInteger
  private val Key = "ticket"

  def index(session: Session): Validation[Int] = session(Key).validate[Int]

  /** Repeats `body` for as long as this user draws tickets; `body` can read its ticket with `index`. */
  def share(body: ChainBuilder): ChainBuilder =
    exec(draw).asLongAs(session => index(session).map(_ < total))(body.exec(draw))

  private val draw: Session => Session = _.set(Key, next.getAndIncrement())
}
