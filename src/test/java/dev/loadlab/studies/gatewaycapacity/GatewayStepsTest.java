package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.studies.gatewaycapacity.TestSteps.knees;
import static dev.loadlab.studies.gatewaycapacity.TestSteps.steps;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.page.Templates;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway section of a run with the search (fixture gatling-gateway-search/: doubling 1, 2, 4, 8, then the search
 * 6 and 7). Every step has at most 8 requests, so each nearest-rank P95 is the step's largest value.
 */
class GatewayStepsTest {
    private static final String HEADER =
            "latencyMs,stepRps,phase,requests,errorPct,achievedRps,clientP95Ms,sustained\n";
    static final GatewaySteps.Judging SMOKE = new GatewaySteps.Judging(
            "errors <= 1 %, answers at >= 95 % of the offered rate",
            1, 100, GatewaySteps.Judging.from(Settings.of(Map.of())).pod(), 128);

    @TempDir
    Path dir;

    @Test
    void shouldListTheStepsInRunOrderWithTheirPhaseAndTheSimulationsVerdict() throws IOException {
        List<Gateway.Step> steps = steps(read(searchRun(), SMOKE));

        assertEquals(List.of(1, 2, 4, 8, 6, 7), column(steps, Gateway.Step::stepRps));
        assertEquals(
                List.of("doubling", "doubling", "doubling", "doubling", "search", "search"),
                column(steps, Gateway.Step::phase));
        assertEquals(List.of(true, true, true, false, true, false), column(steps, Gateway.Step::sustained));
        assertEquals(5.6, steps.get(3).achievedRps(), 1e-9);
    }

    @Test
    void shouldShowTheClientsTheGatewaysAndTheUpstreamsP95OfEachStep() throws IOException {
        List<Gateway.Step> steps = steps(read(searchRun(), SMOKE));

        // the largest of each step's rows in upstream-timing.csv, rounded to whole ms (162.5 -> 163, 103.5 -> 104);
        // step 7's failed request (5 ms, no Server-Timing) counts for the client only
        assertEquals(List.of(297L, 116L, 111L, 233L, 115L, 145L), column(steps, Gateway.Step::clientP95Ms));
        assertEquals(List.of(170L, 112L, 109L, 225L, 111L, 140L), column(steps, Gateway.Step::gatewayP95Ms));
        assertEquals(List.of(163L, 105L, 106L, 105L, 108L, 105L), column(steps, Gateway.Step::upstreamP95Ms));
        assertEquals(7, steps.get(5).requests());
        assertEquals(100.0 / 7, steps.get(5).errorPct(), 1e-9);
    }

    @Test
    void shouldGiveTheTimeInTheGatewayAndWhatBrokeEachStepThatWasNotSustained() throws IOException {
        List<Gateway.Step> steps = steps(read(searchRun(), SMOKE));

        // the study's "time spent in the supergraph": gateway P95 minus upstream P95
        assertEquals(List.of(7L, 7L, 3L, 120L, 3L, 35L), column(steps, Gateway.Step::timeInGatewayMs));
        // 8 broke in the gateway (this run did not time its queue); 7 on its one failed check, no part grew past 100 ms
        assertEquals(
                Arrays.asList(
                        null,
                        null,
                        null,
                        "time in the gateway (its queue not timed): P95 120 ms",
                        null,
                        "errors: check failed (1)"),
                column(steps, Gateway.Step::brokenBy));
    }

    @Test
    void shouldGiveTheSearchedMaximumAndTheFirstBrokenRateAboveIt() throws IOException {
        Parts parts = read(searchRun(), SMOKE);
        Gateway.Knee knee = knees(parts).get(0);

        assertEquals(6, knee.maxSustainableRps());
        assertEquals(7, knee.firstBrokenRps());
        assertEquals(SMOKE.criteria(), knee.criteria());
        assertEquals("6 requests/s (7 broke)", GatewaySection.searched(knee));
        assertEquals(
                List.of(),
                parts.missing.stream()
                        .filter(m -> !m.contains("server-metrics"))
                        .toList());
    }

    @Test
    void shouldSayAtLeastTheTopRateWhenNoStepBroke() throws IOException {
        Path run = searchRun();
        Files.writeString(
                run.resolve(GatewaySteps.STEPS_CSV),
                HEADER + "100,1,doubling,1,0.0,,297,true\n100,2,doubling,2,0.0,2.00,116,true\n"
                        + "100,4,doubling,4,0.0,4.00,111,true\n100,8,doubling,8,0.0,7.90,233,true\n");
        Gateway.Knee knee = knees(read(run, SMOKE)).get(0);

        assertEquals(">= 8 requests/s (no step broke)", GatewaySection.searched(knee));
    }

    @Test
    void shouldSayNoneWhenTheFirstStepAlreadyBroke() throws IOException {
        Path run = searchRun();
        Files.writeString(run.resolve(GatewaySteps.STEPS_CSV), HEADER + "100,1,doubling,1,100.0,,,false\n");
        Gateway.Knee knee = knees(read(run, SMOKE)).get(0);

        assertNull(knee.maxSustainableRps());
        assertEquals("none (the first step, 1 requests/s, already broke)", GatewaySection.searched(knee));
    }

    @Test
    void shouldGiveNoMaximumForStepsThatTheSearchAtTheConfiguredResolutionWouldNotRun() throws IOException {
        // at a resolution of 2 the search ends after 6 (8 - 6 <= 2): the run's 7 is not one of its steps
        Parts parts = read(
                searchRun(),
                new GatewaySteps.Judging(
                        SMOKE.criteria(),
                        2,
                        100,
                        GatewaySteps.Judging.from(Settings.of(Map.of())).pod(),
                        128));

        assertNull(knees(parts).get(0).maxSustainableRps());
        assertTrue(
                parts.missing.stream().anyMatch(m -> m.contains("gateway.searchResolutionRps=2")),
                parts.missing.toString());
    }

    @Test
    void shouldRenderTheStepsInRunOrderBesideTheSearchedMaximum() throws IOException {
        Parts parts = read(searchRun(), SMOKE);
        String html = Templates.section(GatewaySection.of(steps(parts), knees(parts)));

        assertTrue(html.contains("searched maximum sustainable rate: 6 requests/s (7 broke)"), html);
        assertTrue(
                html.contains("<th>client P95 ms</th><th>gateway P95 ms</th><th>upstream P95 ms</th>"
                        + "<th>time in gateway ms</th><th>queue P95 ms</th>"),
                html);
        assertTrue(html.contains("<td>time in the gateway (its queue not timed): P95 120 ms</td>"), html);
        int broken8 = html.indexOf("<td>doubling</td><td class=\"n\">8</td>");
        int searched6 = html.indexOf("<td>search</td><td class=\"n\">6</td>");
        assertTrue(broken8 > 0 && searched6 > broken8, "8 ran before 6: " + html);
    }

    @Test
    void shouldSayInEachColumnATargetThatIsNotOursCannotGiveWhyInsteadOfLeavingItEmpty() throws IOException {
        // a GraphQL server of another's: no Server-Timing in any answer, and /metrics answered nothing (an empty file)
        Path run = searchRun();
        List<String> rows = Files.readAllLines(run.resolve(GatewaySteps.TIMING_CSV));
        List<String> untimed = new ArrayList<>(List.of(rows.get(0)));
        rows.subList(1, rows.size()).forEach(r -> untimed.add(String.join(",", Arrays.copyOf(r.split(","), 4)) + ",,"));
        Files.write(run.resolve(GatewaySteps.TIMING_CSV), untimed);
        Files.writeString(run.resolve(ServerSamples.FILE_NAME), METRICS_HEADER);
        Parts parts = read(run, SMOKE);

        String timing = Gateway.NotGiven.NO_SERVER_TIMING;
        String metrics = Gateway.NotGiven.NO_METRICS;
        assertEquals(
                new Gateway.NotGiven(timing, timing, timing, metrics, metrics),
                knees(parts).get(0).notGiven());
        String html =
                Templates.section(GatewaySection.of(steps(parts), knees(parts))).replace("&#39;", "'");
        // six steps: gateway, upstream, time in gateway and queue; both processes' CPU and memory, and connections
        assertEquals(6 * 4, count(html, "<td>" + timing + "</td>"), html);
        assertEquals(6 * 5 + 2, count(html, "<td>" + metrics + "</td>"), "and the system table's two maxima: " + html);
    }

    @Test
    void shouldNameTheOneServerTimingMetricATargetDoesNotSendAndLeaveAMissingFilesColumnsToTheMissingResults()
            throws IOException {
        Parts parts = read(searchRun(), SMOKE); // gateway and upstream timed, no queue; no server-metrics.csv

        assertEquals(
                new Gateway.NotGiven(null, null, "n/a: the target's Server-Timing has no queue", null, null),
                knees(parts).get(0).notGiven());
    }

    @Test
    void shouldSayNoUpstreamWhereTheGatewaysMetricsNameNoneOfItsOwn() throws IOException {
        Path run = searchRun();
        Files.writeString(run.resolve(ServerSamples.FILE_NAME), METRICS_HEADER + "1767225600000,0,2,1,900,1,1\n");

        Gateway.NotGiven notGiven = knees(read(run, SMOKE)).get(0).notGiven();

        assertNull(notGiven.gatewayUse());
        assertEquals(Gateway.NotGiven.NO_UPSTREAM, notGiven.upstreamUse());
    }

    @Test
    void shouldTakeTheGatewaysAndTheSubgraphsOwnTimesOfEachStepWhereNoServerTimingCarriesThem() throws IOException {
        // Apollo Gateway before loadlab's subgraph (gateway.subgraphUrl): each keeps its answers' times; an answer
        // between the steps (the check before load) is in no step's window
        Path run = Files.createDirectories(dir.resolve("gatewaycapacitysimulation-2"));
        Files.writeString(
                run.resolve(GatewaySteps.STEPS_CSV),
                HEADER + "100,1,doubling,1,0,1.0,60,true\n100,2,doubling,2,0,2.0,80,true\n");
        // rows 100 ms apart from the log's start: step 1 from 100 to 160 ms, step 2 from 200 to 380
        Files.writeString(
                run.resolve(GatewaySteps.TIMING_CSV),
                "latencyMs,stepRps,status,clientMs,upstreamMs,gatewayMs,queueMs\n"
                        + "100,1,OK,60,,,\n100,2,OK,70,,,\n100,2,OK,80,,,\n");
        long t0 = 1_767_225_600_000L;
        Files.writeString(
                run.resolve(GatewaySteps.GATEWAY_CSV),
                "endEpochMs,ms\n" + (t0 + 159) + ",55.2\n" + (t0 + 190) + ",999\n" + (t0 + 269) + ",65\n" + (t0 + 379)
                        + ",74.6\n");
        Files.writeString(
                run.resolve(GatewaySteps.SUBGRAPH_CSV),
                "endEpochMs,ms\n" + (t0 + 158) + ",50\n" + (t0 + 189) + ",990\n" + (t0 + 268) + ",52\n" + (t0 + 378)
                        + ",60.4\n");

        Parts parts = read(run, SMOKE);
        List<Gateway.Step> steps = steps(parts);

        assertEquals(List.of(55L, 75L), column(steps, Gateway.Step::gatewayP95Ms));
        assertEquals(List.of(50L, 60L), column(steps, Gateway.Step::upstreamP95Ms));
        assertEquals(List.of(5L, 15L), column(steps, Gateway.Step::timeInGatewayMs));
        // the queue is what only loadlab's reference gateway says, in its Server-Timing
        assertEquals(
                new Gateway.NotGiven(null, null, Gateway.NotGiven.NO_SERVER_TIMING, null, null),
                knees(parts).get(0).notGiven());
    }

    private static final String METRICS_HEADER =
            "epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections\n";

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    /** A run folder with the fixture's side files; the client's requests are built from it, see {@link #read}. */
    private Path searchRun() throws IOException {
        return searchRun(dir);
    }

    static Path searchRun(Path dir) throws IOException {
        Path run = Files.createDirectories(dir.resolve("gatewaycapacitysimulation-1"));
        for (String file : List.of(GatewaySteps.STEPS_CSV, GatewaySteps.TIMING_CSV)) {
            Files.copy(Fixtures.path("gatling-gateway-search/" + file), run.resolve(file));
        }
        return run;
    }

    static Parts read(Path run, GatewaySteps.Judging judging) throws IOException {
        Parts parts = new Parts();
        GatewaySteps reader = new GatewaySteps(judging);
        reader.read("HTTP/1.1", run, clientLog(run.resolve(GatewaySteps.TIMING_CSV)), parts);
        reader.finish(parts);
        return parts;
    }

    /**
     * What simulation.log holds for the fixture: one request per row of upstream-timing.csv, in the step's group
     * ("latencyMs=100 stepRps=6", a later repeat's "latencyMs=100 stepRps=6 repeat=2"), taking clientMs; rows 100 ms
     * apart.
     */
    private static GatlingLog clientLog(Path timingCsv) throws IOException {
        List<GatlingLog.Request> requests = new ArrayList<>();
        List<String> lines = Files.readAllLines(timingCsv);
        for (int i = 1; i < lines.size(); i++) {
            String[] f = lines.get(i).split(",", -1);
            boolean ok = f[2].equals("OK");
            int startMs = i * 100;
            String repeat = f.length > 7 && !f[7].equals("1") ? " repeat=" + f[7] : "";
            requests.add(new GatlingLog.Request(
                    List.of("latencyMs=" + f[0] + " stepRps=" + f[1] + repeat),
                    "gateway payload",
                    startMs,
                    startMs + Integer.parseInt(f[3]),
                    ok,
                    ok ? null : "status.find.in(200..304), but actually found 502"));
        }
        return new GatlingLog(
                GatlingLog.SUPPORTED_VERSION,
                "dev.loadlab.simulations.GatewayCapacitySimulation",
                1_767_225_600_000L,
                "",
                List.of(),
                requests,
                List.of(),
                List.of(),
                List.of());
    }

    static <T> List<T> column(List<Gateway.Step> steps, Function<Gateway.Step, T> field) {
        return steps.stream().map(field).toList();
    }
}
