package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real injectors' logs (CalibrationSimulation with -Dinjector=1/2 and 2/2 against the reference server, see the
 * fixtures' README) merged into one run, as the report does with gatling.injectorResults.
 */
class GatlingInjectorsTest {
    private static final Wire WIRE = Wire.HTTP1_TLS;
    private static final String SIMULATION = "CalibrationSimulation";

    @TempDir
    Path dir;

    private static GatlingLog log(int injector) throws IOException {
        return GatlingLog.read(Fixtures.path("gatling-injectors/injector-" + injector + "/simulation.log"));
    }

    /** A copy of one injector's target/gatling: {@code <folder>/<wire>/<simulation>-<timestamp>/simulation.log}. */
    private Path injectorFolder(String name, int... injectors) throws IOException {
        Path folder = dir.resolve(name);
        for (int i : injectors) {
            Path run = Files.createDirectories(folder.resolve(WIRE.id).resolve("calibrationsimulation-2026112" + i));
            Files.copy(
                    Fixtures.path("gatling-injectors/injector-" + i + "/simulation.log"),
                    run.resolve("simulation.log"));
        }
        return folder;
    }

    private Parts read(Path own, List<Path> others) {
        Parts parts = new Parts();
        new GatlingResults(own, java.util.Map.of()).readInto(parts, List.of(WIRE), FileTime.fromMillis(0), others);
        return parts;
    }

    private static Summary.Row allRequests(Parts parts) {
        return parts.rows.stream()
                .filter(r -> r.run().equals(SIMULATION) && r.scenario().equals(GatlingResults.ALL_REQUESTS))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void shouldNameItsInjectorInTheRunDescriptionOfEachRealLog() throws IOException {
        assertEquals("injector 1/2", log(1).runDescription());
        assertEquals("injector 2/2", log(2).runDescription());
        assertEquals(log(1).simulationClass(), log(2).simulationClass());
    }

    @Test
    void shouldCountEverySampleOfBothInjectorsInTheMergedRunAndInNoOtherRow() throws IOException {
        Parts parts = read(injectorFolder("own", 1), List.of(injectorFolder("other", 2)));

        long one = log(1).requests().size(), two = log(2).requests().size();
        assertTrue(one > 0 && two > 0, one + " and " + two);
        assertEquals(one + two, allRequests(parts).samples());
        assertEquals(
                1,
                parts.rows.stream()
                        .filter(r -> r.scenario().equals(GatlingResults.ALL_REQUESTS))
                        .count(),
                "one merged run, not one per injector");
        assertEquals(List.of(), parts.missing);

        LoadGenerators g = parts.generators.get(0);
        GeneratorSplits.assertSplit(g, "injector", List.of("injector 1/2", "injector 2/2"), List.of(one, two));
        assertTrue(g.parts().stream().allMatch(p -> p.throughputPerSec() > 0));
    }

    @Test
    void shouldTakeThePercentilesFromTheUnionOfTheSamplesNeverFromEachInjectorsFigures() throws IOException {
        Parts parts = read(injectorFolder("own", 1), List.of(injectorFolder("other", 2)));
        Summary.Row merged = allRequests(parts);

        LatencyStats union = new LatencyStats();
        LatencyStats first = new LatencyStats();
        LatencyStats second = new LatencyStats();
        log(1).requests().forEach(r -> {
            union.add(r.responseMs());
            first.add(r.responseMs());
        });
        log(2).requests().forEach(r -> {
            union.add(r.responseMs());
            second.add(r.responseMs());
        });
        long[] fromUnion = {
            union.percentile(50),
            union.percentile(95),
            union.percentile(99),
            union.figures().maxMs()
        };
        long[] shown = {merged.p50Ms(), merged.p95Ms(), merged.p99Ms(), merged.maxMs()};
        assertEquals(
                List.of(fromUnion[0], fromUnion[1], fromUnion[2], fromUnion[3]),
                List.of(shown[0], shown[1], shown[2], shown[3]));
        // what averaging each injector's p99 would have said instead: not the merged figure
        double averagedP99 = (first.percentile(99) + second.percentile(99)) / 2.0;
        assertNotEquals(averagedP99, (double) merged.p99Ms(), "p99 " + merged.p99Ms());
    }

    @Test
    void shouldRebaseEveryRequestOntoTheEarliestStart() throws IOException {
        GatlingLog a = log(1), b = log(2);
        GatlingLog merged = GatlingInjectors.merge(List.of(a, b));
        assertEquals(Math.min(a.startEpochMs(), b.startEpochMs()), merged.startEpochMs());
        long lastEnd = Stream.of(a, b)
                .flatMap(l -> l.requests().stream().map(r -> l.startEpochMs() + r.endMs()))
                .mapToLong(Long::longValue)
                .max()
                .orElseThrow();
        assertEquals(
                lastEnd,
                merged.startEpochMs()
                        + merged.requests().stream()
                                .mapToInt(GatlingLog.Request::endMs)
                                .max()
                                .orElseThrow());
        assertEquals(
                a.requests().size() + b.requests().size(), merged.requests().size());
        assertEquals(a.users().size() + b.users().size(), merged.users().size());
    }

    @Test
    void shouldSayWhichInjectorIsMissingAndStillReportTheOthers() throws IOException {
        Parts parts = read(injectorFolder("own", 1), List.of());

        assertEquals(
                List.of(SIMULATION + " over " + WIRE.label + ": no run of injector 2/2 (the merged figures are of 1 of"
                        + " 2 injectors)"),
                parts.missing);
        assertEquals(log(1).requests().size(), allRequests(parts).samples());
        assertEquals(List.of(), parts.generators, "one injector's run is no run of several generators");
    }

    @Test
    void shouldMergeAnInjectorOnceWhenItsRunIsGivenTwice() throws IOException {
        Path own = injectorFolder("own", 1, 2);
        Parts parts = read(own, List.of(own, injectorFolder("copy", 2)));

        assertEquals(1, parts.missing.size(), parts.missing.toString());
        assertTrue(parts.missing.get(0).contains("injector 2/2 twice"), parts.missing.get(0));
        assertEquals(
                log(1).requests().size() + log(2).requests().size(),
                allRequests(parts).samples());
    }

    @Test
    void shouldReadARunOfOneInjectorAsBefore() throws IOException {
        Path own = dir.resolve("alone");
        Path run = Files.createDirectories(own.resolve(WIRE.id).resolve("latencysimulation-1"));
        Files.copy(Fixtures.path("gatling-latency/simulation.log"), run.resolve("simulation.log"));
        Parts parts = read(own, List.of());
        assertEquals(List.of(), parts.missing);
        assertEquals(List.of(), parts.generators);
        assertEquals(
                1050,
                parts.rows.stream()
                        .filter(r -> r.scenario().equals(GatlingResults.ALL_REQUESTS))
                        .findFirst()
                        .orElseThrow()
                        .samples());
    }
}
