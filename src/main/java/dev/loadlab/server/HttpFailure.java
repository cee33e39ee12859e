package dev.loadlab.server;

/** A request the server refuses: thrown by an endpoint, answered by the router as a JSON error. */
final class HttpFailure extends RuntimeException {
    final int status;

    HttpFailure(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static HttpFailure badRequest(String message) {
        return new HttpFailure(400, message);
    }

    /** Shed for lack of capacity: the router adds Retry-After and counts it as rejected. */
    static HttpFailure busy(String why) {
        return new HttpFailure(503, why);
    }

    static HttpFailure notFound(String path) {
        return new HttpFailure(404, "no resource at " + path);
    }
}
