package shop;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.csv;
import static io.gatling.javaapi.core.CoreDsl.feed;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.loadlab.OwnJavaSimulation;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.FeederBuilder;

/**
 * The orders journey in Gatling's Java DSL (src/test/java/shop/): a cart from each line of orders.csv (a feeder from
 * src/test/resources), then the users list with the declared setting orders.region (-Dorders.region=eu).
 */
public class OrdersSimulation extends OwnJavaSimulation {
    private final FeederBuilder<String> orders = csv("orders.csv").circular();

    private final ChainBuilder journey = feed(orders)
            .exec(request("POST cart", "POST", "/demo/cart")
                    .body(StringBody("{\"items\": [{\"sku\": \"#{sku}\", \"quantity\": #{quantity}}]}"))
                    .asJson()
                    .check(status().is(201), jsonPath("$.items").saveAs("itemCount")))
            .exec(request("GET users " + setting("region"), "GET", "/users/getAllUsers")
                    .queryParam("region", setting("region"))
                    .queryParam("items", "#{itemCount}")
                    .check(status().is(200)));

    {
        setUp(ownLoad(journey)).protocols(httpProtocol()).assertions(global().failedRequests().percent().lte(1.0));
    }
}
