package dev.loadlab.report.read;

/**
 * The one set of error kinds every tool's failures are counted in (the studies' failures: 502/503 from an untuned
 * pool, ECONNRESET, getaddrinfo ENOTFOUND, timeouts past the knee). A failed request is in exactly one kind; an answer
 * with an HTTP error status is counted by its code ({@link #key(int)}: "HTTP 503").
 */
enum ErrorKind {
    /** An answer came, with a status of 400 or more. */
    HTTP_STATUS("HTTP"),
    /** No connection could be opened: refused (nothing listens), or no route to the target. */
    CONNECTION_REFUSED("connection refused"),
    /** The connection was reset or closed by the other side before the whole answer came. */
    CONNECTION_RESET("connection reset"),
    /** No answer (or no connection) within the tool's time limit. */
    TIMEOUT("timeout"),
    /**
     * The two sides did not speak one protocol: an HTTP/2 frame or stream error, a GOAWAY, an answer that is not HTTP
     * (h2c to a port that answers HTTP/1.1, HTTP/1.1 to a port that answers TLS or HTTP/2), TLS without the expected
     * ALPN protocol.
     */
    PROTOCOL("protocol error"),
    /** The TLS handshake failed: an untrusted certificate, TLS spoken to a clear port, no common protocol. */
    TLS_FAILURE("TLS failure"),
    /**
     * Not sent: the request went to a host no target of the build is on (dev.loadlab.shared.HostGuard), counted by that
     * host ({@link #blocked(String)}: "blocked host example.org:443").
     */
    BLOCKED_HOST("blocked host"),
    /** The target's name did not resolve. */
    UNKNOWN_HOST("unknown host"),
    /**
     * An answer came with an acceptable status and is not the answer its study fixes (dev.loadlab.shared.Answers),
     * counted by what was wrong ({@link #invalid(String)}: "graphql error: Cannot query field ...", "short answer: 512
     * of 102400 bytes").
     */
    INVALID_ANSWER("invalid answer"),
    /** An answer came with an acceptable status, and a check (Gatling) or an assertion (JMeter) failed on it. */
    CHECK_FAILED("check failed"),
    /** Anything else (the raw message is kept beside it in the report). */
    OTHER("other");

    final String label;

    ErrorKind(String label) {
        this.label = label;
    }

    /** The key in summary.json and the report: the label, or "HTTP &lt;code&gt;" for an HTTP status. */
    String key() {
        if (this == HTTP_STATUS || this == BLOCKED_HOST || this == INVALID_ANSWER) {
            throw new IllegalStateException(
                    "a kind keyed by what it names needs it: key(code), blocked(host), invalid(problem)");
        }
        return label;
    }

    static String key(int httpStatus) {
        return HTTP_STATUS.label + " " + httpStatus;
    }

    static String blocked(String host) {
        return BLOCKED_HOST.label + " " + host;
    }

    /** An invalid answer's key: the problem itself, which begins with what kind of wrong it is. */
    static String invalid(String problem) {
        return problem;
    }
}
