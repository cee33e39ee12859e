package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Times;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Table;
import dev.loadlab.settings.Wire;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/** "Against ab itself": ab's run beside each tool's run of the same command on the same wire, never another's. */
class AbReferenceTest {
    private static final String RUN = "ab -c 10 -n 1000";
    private static final String CLEARTEXT = Wire.HTTP1.label;
    private static final String TLS = Wire.HTTP1_TLS.label;

    /** A run whose requests/s tells the rows apart; over TLS a new handshake per request makes it far slower. */
    private static AbRun run(String tool, String wire, String label, double requestsPerSecond) {
        return new AbRun(
                tool,
                wire,
                label,
                10,
                1000,
                0,
                1000 / requestsPerSecond,
                requestsPerSecond,
                10_000 / requestsPerSecond,
                1000 / requestsPerSecond,
                Map.of("total", new Times(1, 2, 0.5, 2, 9)),
                Map.of(),
                null,
                null,
                null);
    }

    private static Table table(List<Block> blocks) {
        return blocks.stream()
                .map(Block::table)
                .filter(Objects::nonNull)
                .findFirst()
                .orElseThrow();
    }

    /** Each row's run, wire, tool, tool's requests/s and ab's requests/s. */
    private static List<List<String>> rows(Table table) {
        return table.rows().stream()
                .map(r -> r.cells().subList(0, 5).stream().map(Table.Cell::text).toList())
                .toList();
    }

    @Test
    void shouldSetAbOverCleartextBesideTheToolsCleartextRunOnlyNeverBesideATlsRunOfTheSameCommand() {
        List<AbRun> runs = List.of(
                run("gatling", TLS, RUN, 300),
                run("jmeter", TLS, RUN, 310),
                run("gatling", CLEARTEXT, RUN, 900),
                run("ab", CLEARTEXT, RUN, 1000));

        assertEquals(List.of(List.of(RUN, CLEARTEXT, "gatling", "900", "1,000")), rows(table(AbReference.table(runs))));
    }

    @Test
    void shouldSetEachOfAbsWiresBesideTheToolsRunsOfThatWireAndNameTheWireInItsColumn() {
        List<AbRun> runs = List.of(
                run("gatling", CLEARTEXT, RUN, 900),
                run("gatling", TLS, RUN, 300),
                run("jmeter", TLS, RUN, 310),
                run("ab", CLEARTEXT, RUN, 1000),
                run("ab", TLS, RUN, 320));

        Table table = table(AbReference.table(runs));

        assertEquals(
                List.of(
                        List.of(RUN, CLEARTEXT, "gatling", "900", "1,000"),
                        List.of(RUN, TLS, "gatling", "300", "320"),
                        List.of(RUN, TLS, "jmeter", "310", "320")),
                rows(table));
        assertTrue(
                table.header().get(0).cells().get(1).text().startsWith("wire"),
                table.header().toString());
    }

    @Test
    void shouldNameAbsRunsThatNoToolRanOnTheirWireInsteadOfComparingThemWithAnotherWire() {
        List<AbRun> runs = List.of(run("gatling", TLS, RUN, 300), run("ab", CLEARTEXT, RUN, 1000));

        List<Block> blocks = AbReference.table(runs);

        assertTrue(blocks.stream().allMatch(b -> b.table() == null), blocks.toString());
        assertTrue(
                blocks.stream().anyMatch(b -> b.text() != null && b.text().contains(RUN + " over " + CLEARTEXT + ":")),
                blocks.toString());
    }

    @Test
    void shouldLeaveTheTableOutWhereAbDidNotRun() {
        assertEquals(List.of(), AbReference.table(List.of(run("gatling", CLEARTEXT, RUN, 900))));
    }
}
