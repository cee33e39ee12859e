package dev.loadlab.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A small web page of the reference server for a browser to record (docs/own-scenarios.md): {@code GET /demo/} loads
 * a style sheet and a script, and the script calls the server's routes as a shop's page would: a GET with a query
 * ({@code /payload?kb=2}), a POST with a JSON body ({@code /demo/cart}) and a redirect ({@code /demo/continue}, 302 to
 * {@code /users/getAllUsers}), with a short think time between them, and a session cookie and a bearer token that a
 * recording must leave out. The page writes what it got into itself, so that
 * a recording can be checked by eye.
 */
final class DemoPage {
    static final String PREFIX = "/demo/";
    static final String CART = "/demo/cart";
    static final String CONTINUE = "/demo/continue";
    /** Where {@link #CONTINUE} sends the browser: a route every target of the suite's contract has. */
    static final String CONTINUED = "/users/getAllUsers";

    private static final HttpField HTML = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/html;charset=utf-8");
    private static final HttpField CSS = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/css;charset=utf-8");
    private static final HttpField JS =
            new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/javascript;charset=utf-8");
    /** A cart of more items than this is refused: the route only says how many it got. */
    private static final int MAX_ITEMS = 100;

    private static final String PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>loadlab demo shop</title>
            <link rel="stylesheet" href="/demo/demo.css"><link rel="icon" href="data:,"></head>
            <body><h1>loadlab demo shop</h1><ol id="log"></ol>
            <script src="/demo/demo.js"></script></body></html>
            """;
    private static final String STYLE = "body { font-family: sans-serif; margin: 2em; }\n";
    private static final String SCRIPT = """
            const log = (line) => { const li = document.createElement('li'); li.textContent = line;
              document.getElementById('log').appendChild(li); };
            const think = (ms) => new Promise((done) => setTimeout(done, ms));
            // what a shop's page would send along: a session cookie and a token, which a recording must never copy
            document.cookie = 'demo-session=recorded-cookie-to-be-left-out; path=/';
            (async () => {
              const payload = await fetch('/payload?kb=2', { headers: { 'Accept': 'application/json' } });
              log('payload ' + payload.status + ' ' + (await payload.text()).length + ' bytes');
              await think(300);
              const cart = await fetch('/demo/cart', { method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Accept': 'application/json',
                  'Authorization': 'Bearer recorded-token-to-be-left-out' },
                body: JSON.stringify({ items: [{ sku: 'book-42', quantity: 2 }, { sku: 'pen-7', quantity: 1 }] }) });
              log('cart ' + cart.status + ' ' + await cart.text());
              await think(200);
              const next = await fetch('/demo/continue');
              log('continue ' + next.status + ' at ' + new URL(next.url).pathname);
              document.title = 'loadlab demo shop: done';
            })();
            """;

    private final Replies replies;
    private final ObjectMapper json = new ObjectMapper();
    private final Map<String, Asset> assets = Map.of(
            PREFIX,
            new Asset(HTML, PAGE),
            PREFIX + "demo.css",
            new Asset(CSS, STYLE),
            PREFIX + "demo.js",
            new Asset(JS, SCRIPT));

    private record Asset(HttpField type, String text) {}

    private final DemoApp app;

    DemoPage(Replies replies) {
        this.replies = replies;
        this.app = new DemoApp(replies);
    }

    /** The page, its style sheet and script, the redirect, and the app's; any other path under /demo/ is a 404. */
    void get(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        if (path.startsWith(DemoApp.PREFIX)) {
            app.get(request, response, callback);
            return;
        }
        if (path.equals(CONTINUE)) {
            response.getHeaders().put(HttpHeader.LOCATION, CONTINUED);
            replies.json(response, callback, 302, "{\"location\":\"" + CONTINUED + "\"}");
            return;
        }
        Asset asset = assets.get(path);
        if (asset == null) {
            throw HttpFailure.notFound(path);
        }
        replies.send(
                response,
                callback,
                200,
                asset.type(),
                ByteBuffer.wrap(asset.text().getBytes(StandardCharsets.UTF_8)));
    }

    /** The cart, and the app's POSTs (DemoApp). */
    void post(Request request, Response response, Callback callback) throws Exception {
        String path = Request.getPathInContext(request);
        if (path.equals(CART)) {
            cart(request, response, callback);
        } else if (path.startsWith(DemoApp.PREFIX)) {
            app.post(request, response, callback);
        } else {
            throw HttpFailure.notFound(path);
        }
    }

    /** {@code POST /demo/cart} with {@code {"items":[...]}}: 201 and how many items it got; anything else a 400. */
    private void cart(Request request, Response response, Callback callback) throws Exception {
        JsonNode body;
        try (var in = Request.asInputStream(request)) {
            body = json.readTree(in.readNBytes(64 * 1024));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw HttpFailure.badRequest("the cart is not JSON: expected {\"items\":[...]}");
        }
        JsonNode items = body == null ? null : body.get("items");
        if (items == null || !items.isArray() || items.size() > MAX_ITEMS) {
            throw HttpFailure.badRequest(
                    "the cart is not allowed: expected {\"items\":[...]} with at most " + MAX_ITEMS + " items");
        }
        replies.json(response, callback, 201, "{\"items\":" + items.size() + "}");
    }
}
