package dev.loadlab.jmeter;

import org.apache.jmeter.samplers.SampleResult;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpStatus;

/** Fills a {@link SampleResult} the way JMeter's own HTTP sampler does, so the dashboard's columns agree. */
final class SampleOutcome {
    /** JMeter's prefix for failures that have no HTTP status (refused connection, timeout, TLS failure). */
    static final String NON_HTTP_CODE = "Non HTTP response code: ";

    private SampleOutcome() {}

    static void response(SampleResult result, ReceivedResponse response) {
        int status = response.status();
        String reason = response.reason() == null || response.reason().isEmpty()
                ? HttpStatus.getMessage(status)
                : response.reason();
        result.setResponseCode(Integer.toString(status));
        result.setResponseMessage(reason);
        // JMeter's HTTP sampler counts 2xx and 3xx (redirects are not followed here) as success.
        result.setSuccessful(status >= 200 && status < 400);
        // The status line carries the negotiated protocol, as in JMeter's own sampler: "HTTP/2.0 200 OK".
        StringBuilder head = new StringBuilder(256)
                .append(response.version())
                .append(' ')
                .append(status)
                .append(' ')
                .append(reason)
                .append('\n');
        for (HttpField field : response.headers()) {
            head.append(field.getName()).append(": ").append(field.getValue()).append('\n');
        }
        result.setResponseHeaders(head.toString());
        String contentType = response.headers().get("Content-Type");
        if (contentType != null) {
            result.setContentType(contentType);
            result.setEncodingAndType(contentType);
        }
        byte[] content = response.content();
        result.setResponseData(content);
        result.setBodySize((long) content.length);
        result.setHeadersSize(head.length());
    }

    static void failure(SampleResult result, Throwable error) {
        result.setSuccessful(false);
        result.setResponseCode(NON_HTTP_CODE + error.getClass().getName());
        result.setResponseMessage(NON_HTTP_CODE.replace("code", "message") + error.getMessage());
        result.setResponseData(String.valueOf(error).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A request to a host of no target: not sent, the sample fails with the reason (HostGuard.BlockedHost's). */
    static SampleResult notSent(SampleResult result, String reason) {
        result.sampleStart();
        result.sampleEnd();
        result.setSuccessful(false);
        result.setResponseCode(NON_HTTP_CODE + dev.loadlab.shared.HostGuard.BlockedHost.class.getName());
        result.setResponseMessage(NON_HTTP_CODE.replace("code", "message") + reason);
        return result;
    }

    /** A setting the sampler cannot use: no request is sent, the sample fails with the one-line reason. */
    static SampleResult invalidSettings(SampleResult result, String message) {
        result.sampleStart();
        result.sampleEnd();
        result.setSuccessful(false);
        result.setResponseCode(NON_HTTP_CODE + IllegalArgumentException.class.getName());
        result.setResponseMessage(message);
        return result;
    }
}
