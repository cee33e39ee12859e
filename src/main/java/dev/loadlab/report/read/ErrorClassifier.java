package dev.loadlab.report.read;

import dev.loadlab.shared.Answers;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts each tool's failure text into one {@link ErrorKind}, through one table of rules: the first rule whose pattern
 * is found in the text decides. Gatling writes one message per failed request (a check's "status.find.in([200, 209],
 * 304), found 503", or an exception with abbreviated packages, "j.n.ConnectException: ... Connection refused");
 * JMeter writes a response code, a response message and an assertion's failure message ("Non HTTP response code:
 * java.net.SocketException" with "Non HTTP response message: Connection reset"). The messages each rule is tested
 * with were captured from both tools against real faults (see the test fixtures' README).
 */
public final class ErrorClassifier {
    /** A rule of the table: where {@code pattern} is found in the failure text, the failure is of {@code kind}. */
    record Rule(ErrorKind kind, Pattern pattern) {
        static Rule of(ErrorKind kind, String regex) {
            return new Rule(kind, Pattern.compile(regex, Pattern.CASE_INSENSITIVE));
        }
    }

    /**
     * Order matters: a name that does not resolve fails before any connection; a timeout that names a connection
     * ("connect timed out") is a timeout; a protocol failure is named before the reset or close it ends in (HTTP/2's
     * GOAWAY closes the connection too); a TLS exception whose cause is a reset ("SSLException: Connection reset")
     * is a reset, so TLS comes after the connection kinds.
     */
    static final List<Rule> EXCEPTION_RULES = List.of(
            Rule.of(
                    ErrorKind.UNKNOWN_HOST,
                    "UnknownHostException|UnresolvedAddressException|Name or service not known"
                            + "|nodename nor servname|getaddrinfo|ENOTFOUND|No such host"),
            Rule.of(ErrorKind.TIMEOUT, "time(d)? ?out|TimeoutException|ETIMEDOUT"),
            Rule.of(
                    ErrorKind.CONNECTION_REFUSED,
                    "Connection refused|ConnectException|ECONNREFUSED|NoRouteToHostException|No route to host"
                            + "|Network is unreachable"),
            Rule.of(
                    ErrorKind.PROTOCOL,
                    "frame_size_error|invalid_frame|protocol_error|flow_control_error|compression_error"
                            + "|stream_closed|frame_too_large|Http2Exception|RST_STREAM|GOAWAY|go_away"
                            + "|ClientProtocolException|ProtocolException|TooLongHttp|invalid version format"
                            + "|not an HTTP|no_application_protocol|ALPN"),
            Rule.of(
                    ErrorKind.CONNECTION_RESET,
                    "Connection reset|ECONNRESET|Premature ?close|Broken pipe|EPIPE|ClosedChannelException"
                            + "|NoHttpResponseException|failed to respond|Connection closed|closed by peer"
                            + "|EOFException|ended without a response|Remotely closed"),
            Rule.of(ErrorKind.TLS_FAILURE, "SSL|TLS|PKIX|CertPath|certificate|NotSslRecord|handshake"));

    /** Gatling's check failure of the status: "status.find.in([200, 209], 304), found 503". */
    private static final Pattern GATLING_STATUS = Pattern.compile("^status\\.\\S*.*, found (\\d{3})$");
    /** Gatling's other check failures: "jsonPath($[0].id).find.exists, found nothing", "substring(x).find...". */
    private static final Pattern GATLING_CHECK =
            Pattern.compile("^[A-Za-z0-9]+(\\(.*\\))?\\.(find|findAll|findRandom|count)\\b");

    private static final Pattern HTTP_CODE = Pattern.compile("\\d{3}");
    /** Both tools' text of a request the build's guard did not send (dev.loadlab.shared.HostGuard.BlockedHost). */
    static final Pattern BLOCKED = Pattern.compile("blocked host ([^\\s,()]+)");
    /** JMeter's response code of a failure without an HTTP answer. */
    private static final String JMETER_NON_HTTP = "Non HTTP response code:";

    private ErrorClassifier() {}

    /** The kind's key of a failed Gatling request, from its message. */
    public static String gatling(String message) {
        String text = message == null ? "" : message.strip();
        Matcher blocked = BLOCKED.matcher(text);
        if (blocked.find()) {
            return ErrorKind.blocked(blocked.group(1));
        }
        Matcher invalid = Answers.PROBLEM.matcher(text);
        if (invalid.find()) { // the check of the answer's body ("valid answer, graphql error: ...")
            return ErrorKind.invalid(invalid.group());
        }
        Matcher status = GATLING_STATUS.matcher(text);
        if (status.matches()) {
            return httpOrCheck(Integer.parseInt(status.group(1)));
        }
        if (GATLING_CHECK.matcher(text).find()) {
            return ErrorKind.CHECK_FAILED.key();
        }
        return exception(text);
    }

    /**
     * The kind's key of a failed JMeter sample. An HTTP status of 400 or more is that status (whatever an assertion
     * said too); a lower status means an assertion failed it; "Non HTTP response code: ..." is an exception, its class in
     * the code and its text in the message.
     */
    public static String jmeter(String responseCode, String responseMessage, String failureMessage) {
        String code = responseCode == null ? "" : responseCode.strip();
        // a request not sent, the sample's own or one of its embedded resources' (whose page JMeter fails with a 200)
        Matcher blocked = BLOCKED.matcher(responseMessage == null ? "" : responseMessage);
        if (blocked.find()) {
            return ErrorKind.blocked(blocked.group(1));
        }
        if (HTTP_CODE.matcher(code).matches()) {
            Matcher invalid = Answers.PROBLEM.matcher(failureMessage == null ? "" : failureMessage);
            return Integer.parseInt(code) < 400 && invalid.find()
                    ? ErrorKind.invalid(invalid.group())
                    : httpOrCheck(Integer.parseInt(code));
        }
        if (code.startsWith(JMETER_NON_HTTP)) {
            return exception(code + " " + responseMessage);
        }
        if (failureMessage != null && !failureMessage.isBlank()) {
            return ErrorKind.CHECK_FAILED.key();
        }
        return exception(code + " " + responseMessage);
    }

    /**
     * The raw text kept beside the kind: JMeter's code with its failure or response message; a failure without an
     * HTTP answer as "exception: message", without JMeter's "Non HTTP response code/message: " prefixes, so that the
     * part that says what happened fits in the kept length.
     */
    static String jmeterDetail(String responseCode, String responseMessage, String failureMessage) {
        if (responseCode != null && responseCode.startsWith(JMETER_NON_HTTP)) {
            String message =
                    responseMessage == null ? "" : responseMessage.replaceFirst("^Non HTTP response message: ", "");
            return responseCode.substring(JMETER_NON_HTTP.length()).strip() + ": " + message;
        }
        return responseCode + " "
                + (failureMessage == null || failureMessage.isBlank() ? responseMessage : failureMessage);
    }

    /** Whether a kind's key is an invalid answer's (an answer the study does not take, whatever its status said). */
    public static boolean isInvalidAnswer(String key) {
        return Answers.PROBLEM.matcher(key).matches();
    }

    private static String httpOrCheck(int status) {
        // a status check that failed on a success status expected another one: the answer was fine, the check not
        return status >= 400 ? ErrorKind.key(status) : ErrorKind.CHECK_FAILED.key();
    }

    private static String exception(String text) {
        for (Rule rule : EXCEPTION_RULES) {
            if (rule.pattern().matcher(text).find()) {
                return rule.kind().key();
            }
        }
        return ErrorKind.OTHER.key();
    }
}
