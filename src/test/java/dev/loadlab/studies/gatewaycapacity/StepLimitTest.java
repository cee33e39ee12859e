package dev.loadlab.studies.gatewaycapacity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What broke a gateway step, at a 100 ms upstream latency and a 100 ms margin: the part of the answered requests' time
 * that grew most past the margin, else the errors, else the rate. Each split has one request, so each P95 is its own.
 */
class StepLimitTest {
    private static final Map<String, Long> NO_ERRORS = Map.of();

    /** One answered request: client ms, gateway ms, upstream ms, queue ms (null: not timed). */
    private static StepLimit.Split request(double client, double gateway, double upstream, Double queue) {
        StepLimit.Split split = new StepLimit.Split();
        split.add(client, gateway, upstream, queue);
        return split;
    }

    private static final StepLimit.Connections TWO = new StepLimit.Connections(2L, 128);

    private static String limit(StepLimit.Split split, String protocol) {
        return StepLimit.of(split, protocol, 100, 100, 0.0, NO_ERRORS, 9.5, 16, TWO);
    }

    @Test
    void shouldNameTheGatewaysUpstreamConnectionsWhenTheCallsWaitedForOne() {
        assertEquals(
                "the gateway's upstream connections: P95 700 ms waiting for one",
                limit(request(920, 910, 105, 700.0), "HTTP/1.1 over TLS"));
    }

    @Test
    void shouldNameTheUpstreamWhenItAnsweredLateItself() {
        assertEquals("the upstream: P95 400 ms above its 100 ms", limit(request(530, 520, 500, 5.0), "h2"));
    }

    @Test
    void shouldNameTheGatewaysWorkWhenTheTimeWentAfterTheUpstreamsAnswer() {
        assertEquals("gateway work: P95 300 ms", limit(request(430, 420, 110, 10.0), "h2"));
        assertEquals(
                "time in the gateway (its queue not timed): P95 310 ms", limit(request(430, 420, 110, null), "h2"));
    }

    @Test
    void shouldNameTheServersThreadsWhenTheTimeWentBeforeTheGatewaysHandler() {
        StepLimit.Split waitedBefore = request(1500, 120, 105, 1.0);
        String threads =
                "waits before the gateway's handler (the server's threads and CPU; 2 connections open): P95 1380 ms";
        assertEquals(threads, limit(waitedBefore, "HTTP/1.1"));
        // over h2, 9.5 requests/s x 1.5 s = about 14 in flight: 2 connections of 128 streams had room
        assertEquals(threads, limit(waitedBefore, "h2"));
    }

    @Test
    void shouldNameTheStreamsOverH2OnlyWhereTheRequestsInFlightNeededMoreThanTheConnectionsOffered() {
        // 200 requests/s x 1.5 s = 300 in flight on 2 connections of 128 streams
        assertEquals(
                "streams before the gateway: about 300 requests in flight on 2 connections of 128 streams: P95 1380 ms",
                StepLimit.of(request(1500, 120, 105, 1.0), "h2", 100, 100, 0.0, NO_ERRORS, 200.0, 256, TWO));
    }

    @Test
    void shouldNameTheCommonestErrorWhenNoPartGrewPastTheMargin() {
        assertEquals(
                "errors: HTTP 504 (7)",
                StepLimit.of(
                        request(130, 120, 105, 1.0),
                        "h2",
                        100,
                        100,
                        40.0,
                        Map.of("HTTP 504", 7L, "timeout", 3L),
                        9.0,
                        16,
                        TWO));
    }

    @Test
    void shouldNameTheRateWhenTheAnswersOnlyFellBehind() {
        assertEquals("answers at 9.5 of 16 requests/s", limit(request(130, 120, 105, 1.0), "h2"));
        assertEquals("no answers", StepLimit.of(new StepLimit.Split(), "h2", 100, 100, 0.0, NO_ERRORS, null, 16, TWO));
    }
}
