package dev.loadlab.studies.odatawrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.read.GatlingLog;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Real ODataWriteSimulation logs of a build whose server answered 5 % of requests with 502 (mvn verify
 * -Dexperiments=odata-write -Dfaults.statusRate=0.05 -Dfaults.statuses=502): each strategy stops where its errors
 * start, and the report says where and of which kind.
 */
class WriteErrorsTest {
    private static String row(List<WritePoint> points) {
        return points.stream()
                .map(p -> p.strategy() + "-" + p.width() + "@" + p.records() + "=" + (p.ok() ? "ok" : p.errorKind()))
                .collect(Collectors.joining(", "));
    }

    @Test
    void shouldNameTheKindWhereAStrategysWritesFailedAndRunNoLaterCountOfIt() throws IOException {
        List<WritePoint> points = WriteStrategies.of(
                "HTTP/1.1 over TLS", GatlingLog.read(Fixtures.path("gatling-odata-502/http1-tls/simulation.log")));

        assertEquals(
                "sequential-1@10=ok, sequential-1@100=HTTP 502, batch-50@10=ok, batch-50@100=ok, parallel-10@10=ok,"
                        + " parallel-10@100=HTTP 502, customRest-1@10=ok, customRest-1@100=ok",
                row(points));
    }

    @Test
    void shouldNameAFailedCountCheckAfterWritesThatPassedAndSkipTheStrategyFromThere() throws IOException {
        List<WritePoint> points =
                WriteStrategies.of("h2", GatlingLog.read(Fixtures.path("gatling-odata-502/h2/simulation.log")));

        assertEquals(
                "sequential-1@10=count mismatch, batch-50@10=ok, batch-50@100=ok, parallel-10@10=HTTP 502"
                        + " (count check), customRest-1@10=ok, customRest-1@100=ok",
                row(points),
                "sequential and parallel-10 have no 100-record run: skipped after their count checks failed (the count"
                        + " before the runs had a 502, so the first check found other rows; parallel-10's check a 502)");
    }
}
