package dev.loadlab.bulk;

import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The UI's routes: {@code GET /} (the page), {@code GET /bulk/test?mode=&batchcount=&batchsize=} (one run,
 * JSON; a size left out is the first {@code bulk.pairs} pair's), {@code GET /bulk/table/create|drop|count} (JSON).
 * Runs block a server thread; that is fine for a one-user tool and keeps the timing free of any hand-over.
 * A bad query parameter is a plain IllegalArgumentException (400): it is a request's, not a setting's.
 */
final class BulkWebHandler extends Handler.Abstract {
    private static final String JSON = "application/json; charset=utf-8";
    private final WebSession session;

    BulkWebHandler(WebSession session) {
        this.session = session;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        if (!"GET".equals(request.getMethod())) {
            return send(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405, error("only GET is served"));
        }
        if (path.equals("/") || path.equals("/bulk") || path.equals("/bulk/")) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
            Content.Sink.write(response, true, IndexPage.render(session), callback);
            return true;
        }
        if (path.equals("/bulk/test")) {
            return test(Request.extractQueryParameters(request), response, callback);
        }
        if (path.startsWith("/bulk/table/")) {
            String command = path.substring("/bulk/table/".length());
            if (!command.equals("create") && !command.equals("drop") && !command.equals("count")) {
                return send(
                        response,
                        callback,
                        HttpStatus.NOT_FOUND_404,
                        error("unknown table command '" + command + "'; allowed: create, drop, count"));
            }
            return answer(response, callback, session.command(command));
        }
        return send(response, callback, HttpStatus.NOT_FOUND_404, error("no such page: " + path));
    }

    private boolean test(Fields query, Response response, Callback callback) {
        Mode mode;
        Pair pair;
        Pair first = session.settings().pairs().get(0);
        try {
            mode = Mode.parse(value(query, "mode", Mode.SEQUENTIAL.label()));
            pair = new Pair(
                    number(query, "batchcount", first.batchCount()), number(query, "batchsize", first.batchSize()));
        } catch (IllegalArgumentException e) {
            return send(response, callback, HttpStatus.BAD_REQUEST_400, error(e.getMessage()));
        }
        return answer(response, callback, session.test(mode, pair));
    }

    private boolean answer(Response response, Callback callback, Map<String, Object> result) {
        if (result == null) {
            return send(
                    response,
                    callback,
                    HttpStatus.CONFLICT_409,
                    error("another run or table command is in progress; try again when it has finished"));
        }
        int status = result.get("error") == null ? HttpStatus.OK_200 : HttpStatus.INTERNAL_SERVER_ERROR_500;
        return send(response, callback, status, result);
    }

    private static String value(Fields query, String name, String fallback) {
        String value = query.getValue(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    private static int number(Fields query, String name, int fallback) {
        String value = value(query, name, String.valueOf(fallback));
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number");
        }
    }

    private static Map<String, Object> error(String message) {
        return Map.of("error", message);
    }

    private static boolean send(Response response, Callback callback, int status, Object body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
        Content.Sink.write(response, true, ResultJson.toJson(body), callback);
        return true;
    }
}
