package dev.loadlab.server;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.http.HttpCookie;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * A small app with a login, for a browser to record and both tools to replay (docs/own-scenarios.md): every value that
 * carries the journey is made by the server at random and checked when it comes back, as a real app's are.
 * <ol>
 * <li>{@code GET /demo/app/login}: a form with a CSRF hidden field, and a session cookie;</li>
 * <li>{@code POST /demo/app/login} (user, password, csrf; the cookie): 302 to {@code /demo/app/shop?visit=<random>};
 * the password is the server's {@code LOADLAB_DEMO_PASSWORD} (none set: every login is refused);</li>
 * <li>{@code GET /demo/app/shop?visit=...}: the page, whose script asks {@code POST /demo/app/api/token} for a bearer
 * token (JSON), creates an order ({@code POST /demo/app/api/orders}, 201 with its random id) and reads it back by path
 * ({@code /demo/app/api/orders/<id>}) and by query ({@code /demo/app/api/orders?id=<id>}).</li>
 * </ol>
 * A value replayed as recorded fails: an unknown session or CSRF field 403, a wrong password or token 401, an
 * unknown order 404. What it keeps is bounded ({@link #KEPT} of each), as a load test makes many.
 */
final class DemoApp {
    static final String PREFIX = "/demo/app/";
    static final String PASSWORD_ENV = "LOADLAB_DEMO_PASSWORD";
    private static final String SESSION_COOKIE = "demo-sid";
    private static final int KEPT = 50_000;
    private static final HttpField HTML = new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/html;charset=utf-8");
    private static final HttpField JS =
            new PreEncodedHttpField(HttpHeader.CONTENT_TYPE, "text/javascript;charset=utf-8");

    private static final String LOGIN_PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>loadlab demo app: log in</title></head>
            <body><h1>Log in</h1>
            <form method="post" action="/demo/app/login">
            <input type="hidden" name="csrf" value="%s">
            <label>User <input name="user" id="user"></label>
            <label>Password <input name="password" id="password" type="password"></label>
            <button id="login" type="submit">Log in</button>
            </form></body></html>
            """;
    private static final String SHOP_PAGE = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>loadlab demo app</title>
            <link rel="icon" href="data:,"></head>
            <body><h1>Shop</h1><ol id="log"></ol><script src="/demo/app/shop.js"></script></body></html>
            """;
    private static final String SHOP_SCRIPT = """
            const log = (line) => { const li = document.createElement('li'); li.textContent = line;
              document.getElementById('log').appendChild(li); };
            const think = (ms) => new Promise((done) => setTimeout(done, ms));
            (async () => {
              const login = await (await fetch('/demo/app/api/token', { method: 'POST',
                headers: { 'Accept': 'application/json' } })).json();
              const auth = { 'Authorization': 'Bearer ' + login.token, 'Accept': 'application/json' };
              await think(200);
              const created = await fetch('/demo/app/api/orders', { method: 'POST',
                headers: { ...auth, 'Content-Type': 'application/json' },
                body: JSON.stringify({ items: [{ sku: 'book-42', quantity: 2 }] }) });
              const order = await created.json();
              log('order ' + created.status + ' ' + order.id);
              await think(200);
              const byPath = await fetch('/demo/app/api/orders/' + order.id, { headers: auth });
              log('by path ' + byPath.status);
              const byQuery = await fetch('/demo/app/api/orders?id=' + encodeURIComponent(order.id), { headers: auth });
              log('by query ' + byQuery.status);
              document.title = 'loadlab demo app: done';
            })();
            """;

    /**
     * One browser's session: its CSRF field, and once logged in, the visit its redirect named. The field is base64, as
     * many frameworks' are: its '=' (and often '+' and '/') go URL-encoded in the login's form, not as the page holds it.
     */
    private static final class Session {
        final String csrf = Base64.getEncoder().encodeToString(bytes(32));
        volatile String visit;
    }

    private final Replies replies;
    private final Optional<String> password;
    private final Map<String, Session> sessions = bounded();
    private final Map<String, String> tokens = bounded(); // token: its session
    private final Map<String, String> orders = bounded(); // id: its token

    DemoApp(Replies replies) {
        this.replies = replies;
        this.password = Optional.ofNullable(System.getenv(PASSWORD_ENV)).filter(p -> !p.isEmpty());
    }

    private static <V> Map<String, V> bounded() {
        return Collections.synchronizedMap(new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
                return size() > KEPT;
            }
        });
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private static String random(int bytes) {
        return HexFormat.of().formatHex(bytes(bytes));
    }

    private static byte[] bytes(int count) {
        byte[] b = new byte[count];
        RANDOM.nextBytes(b);
        return b;
    }

    void get(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        switch (path) {
            case PREFIX + "login" -> {
                String sid = random(16);
                Session s = new Session();
                sessions.put(sid, s);
                Response.addCookie(
                        response,
                        HttpCookie.build(SESSION_COOKIE, sid)
                                .path(PREFIX)
                                .httpOnly(true)
                                .sameSite(HttpCookie.SameSite.LAX)
                                .build());
                html(response, callback, LOGIN_PAGE.formatted(s.csrf));
            }
            case PREFIX + "shop" -> {
                Session s = session(request);
                String visit = Request.extractQueryParameters(request).getValue("visit");
                if (s.visit == null || !s.visit.equals(visit)) {
                    throw new HttpFailure(403, "the shop's visit is not this session's");
                }
                html(response, callback, SHOP_PAGE);
            }
            case PREFIX + "shop.js" -> send(response, callback, 200, JS, SHOP_SCRIPT);
            case PREFIX + "api/orders" -> order(request, response, callback, queryId(request));
            default -> {
                if (!path.startsWith(PREFIX + "api/orders/")) {
                    throw HttpFailure.notFound(path);
                }
                order(request, response, callback, path.substring((PREFIX + "api/orders/").length()));
            }
        }
    }

    void post(Request request, Response response, Callback callback) throws Exception {
        String path = Request.getPathInContext(request);
        switch (path) {
            case PREFIX + "login" -> login(request, response, callback);
            case PREFIX + "api/token" -> {
                session(request);
                String token = random(20);
                tokens.put(token, sessionId(request));
                replies.json(response, callback, 200, "{\"token\":\"" + token + "\",\"expiresIn\":600}");
            }
            case PREFIX + "api/orders" -> {
                String token = bearer(request); // the body is the cart: the demo keeps only who made the order
                String id = "ord-" + random(6);
                orders.put(id, token);
                replies.json(response, callback, 201, "{\"id\":\"" + id + "\",\"status\":\"open\"}");
            }
            default -> throw HttpFailure.notFound(path);
        }
    }

    private void login(Request request, Response response, Callback callback) throws Exception {
        Fields form = Request.getParameters(request);
        Session s = session(request);
        if (!s.csrf.equals(form.getValue("csrf"))) {
            throw new HttpFailure(403, "the form's csrf field is not this session's");
        }
        String user = form.getValue("user");
        if (password.isEmpty()
                || user == null
                || user.isEmpty()
                || !password.get().equals(form.getValue("password"))) {
            throw new HttpFailure(
                    401,
                    password.isEmpty()
                            ? "the demo's password is not set (" + PASSWORD_ENV + " in the server's environment)"
                            : "wrong user or password");
        }
        s.visit = random(8);
        response.getHeaders().put(HttpHeader.LOCATION, PREFIX + "shop?visit=" + s.visit);
        send(response, callback, 302, HTML, "");
    }

    private void order(Request request, Response response, Callback callback, String id) {
        String token = bearer(request);
        if (id == null || !token.equals(orders.get(id))) {
            throw HttpFailure.notFound(PREFIX + "api/orders/" + id);
        }
        replies.json(response, callback, 200, "{\"id\":\"" + id + "\",\"status\":\"open\"}");
    }

    private static String queryId(Request request) {
        return Request.extractQueryParameters(request).getValue("id");
    }

    private String bearer(Request request) {
        String auth = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        String token = auth != null && auth.startsWith("Bearer ") ? auth.substring(7) : "";
        if (!tokens.containsKey(token)) {
            throw new HttpFailure(401, "no bearer token this app made");
        }
        return token;
    }

    private String sessionId(Request request) {
        return Request.getCookies(request).stream()
                .filter(c -> c.getName().equals(SESSION_COOKIE))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElse("");
    }

    private Session session(Request request) {
        Session s = sessions.get(sessionId(request));
        if (s == null) {
            throw new HttpFailure(403, "no session this app made (cookie " + SESSION_COOKIE + ")");
        }
        return s;
    }

    private void html(Response response, Callback callback, String page) {
        send(response, callback, 200, HTML, page);
    }

    private void send(Response response, Callback callback, int status, HttpField type, String text) {
        replies.send(response, callback, status, type, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
    }
}
