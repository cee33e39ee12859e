package shop

import dev.loadlab.OwnSimulation
import io.gatling.core.Predef._
import io.gatling.http.Predef._

class CheckoutSimulation extends OwnSimulation {
  private val checkout = scenario("checkout").repeat(25) {
    exec(http("list users").get("/users/getAllUsers").check(status.is(200)))
      .exec(http("foo bar").get("/foo/2/bar/3").check(status.is(200)))
  }

  setUp(checkout.inject(atOnceUsers(4))).protocols(httpProtocol).assertions(global.failedRequests.percent.lte(1.0))
}
