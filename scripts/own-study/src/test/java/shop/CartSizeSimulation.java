package shop;

import static io.gatling.javaapi.core.CoreDsl.StringBody;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.loadlab.OwnJavaSimulation;
import io.gatling.javaapi.core.ChainBuilder;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** The cart-size study's load: a cart of each size in turn; an answer is valid when it counts the cart's items. */
public class CartSizeSimulation extends OwnJavaSimulation {
    private ChainBuilder cart(int items) {
        String body = IntStream.range(0, items)
                .mapToObj(i -> "{\"sku\": \"S-" + i + "\", \"quantity\": 1}")
                .collect(Collectors.joining(", ", "{\"items\": [", "]}"));
        return exec(request(CartSizeStudy.request(items), "POST", "/demo/cart")
                .body(StringBody(body))
                .asJson()
                .check(status().is(201), jsonPath("$.items").ofInt().is(items)));
    }

    {
        ChainBuilder journey = exec(CartSizeStudy.SIZES.stream().map(this::cart).toList());
        setUp(ownLoad(journey)).protocols(httpProtocol()).assertions(global().failedRequests().percent().lte(1.0));
    }
}
