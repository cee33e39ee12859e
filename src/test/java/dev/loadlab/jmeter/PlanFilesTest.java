package dev.loadlab.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.shared.LoadlabTree;
import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanFilesTest {
    /** A plan as JMeter users write it: HTTP Request Defaults, a CSV Data Set, a body from a file, HTTP Requests. */
    private static final Path PLAIN_PLAN = Path.of("archetype/src/main/resources/archetype-resources/jmeter");

    @TempDir
    Path dir;

    private Path plans() throws IOException {
        Path plans = dir.resolve("jmeter");
        Trees.copy(PLAIN_PLAN, plans);
        return plans;
    }

    @Test
    void shouldNameEveryFileAPlanReadsByPathWithTheElementThatNamesIt() throws IOException {
        Path plans = plans();

        assertEquals(
                List.of(
                        new PlanFiles.Named("CSVDataSet \"orders\"", "orders.csv"),
                        new PlanFiles.Named("__FileToString in \"POST cart\"", "cart.json")),
                PlanFiles.named(plans, plans.resolve("orders.jmx")));
    }

    @Test
    void shouldCarryThoseFilesBesideThePlansCopySoThatJMeterFindsThemThere() throws IOException {
        Path plans = plans();
        Path run = Files.createDirectories(dir.resolve("run/http1"));

        PlanFiles.copy(plans, plans.resolve("orders.jmx"), run);

        assertEquals(Files.readString(plans.resolve("orders.csv")), Files.readString(run.resolve("orders.csv")));
        assertTrue(Files.isRegularFile(run.resolve("cart.json")));
    }

    @Test
    void shouldPutWhatFileToStringReadsInJMetersWorkingFolderWhichItReadsRelativeTo() throws IOException {
        Path plans = plans();
        Path bin = dir.resolve("jmeter-bin");

        PlanFiles.copyForJMetersFolder(plans, List.of(plans.resolve("orders.jmx")), bin);

        assertTrue(Files.isRegularFile(bin.resolve("cart.json")));
        assertFalse(Files.exists(bin.resolve("orders.csv")), "a CSV Data Set reads beside the plan");
    }

    @Test
    void shouldPutAnIncludedFragmentInJMetersWorkingFolderWhereTheGuiLooksFirst() throws IOException {
        // a team's checkout.jmx includes loadlab's fragment, which only the build's merged folder holds beside it
        Path merged = plans();
        Trees.copy(Path.of("jmeter/fragments"), merged.resolve("fragments"));
        Path bin = dir.resolve("jmeter-bin");

        PlanFiles.copyForJMetersFolder(merged, List.of(merged.resolve("checkout.jmx")), bin);

        assertEquals(
                Files.readString(merged.resolve("fragments/get-users.jmx")),
                Files.readString(bin.resolve("fragments/get-users.jmx")));
    }

    @Test
    void shouldStopOnAMissingFileNamingThePlanTheElementAndThePath() throws IOException {
        Path plans = plans();
        Files.delete(plans.resolve("orders.csv"));

        List<String> problems = PlanCheck.check(plans, "orders");

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .startsWith(plans.resolve("orders.jmx") + ": CSVDataSet \"orders\" names orders.csv, which does"
                                + " not exist"),
                problems.get(0));
    }

    @Test
    void shouldRefuseAFileOutsideThePlansFolderWhichTheRunsCopyCannotReach() throws IOException {
        Path plans = plans();
        Files.writeString(dir.resolve("shared.csv"), "sku\n");
        Files.writeString(
                plans.resolve("orders.jmx"),
                Files.readString(plans.resolve("orders.jmx")).replace(">orders.csv<", ">../shared.csv<"));

        List<String> problems = PlanFiles.problems(plans, plans.resolve("orders.jmx"));

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("names ../shared.csv, outside the plan's folder"), problems.get(0));
    }

    @Test
    void shouldTellAPlanOfJMetersHttpRequestAloneFromOneThatSamplesHttp2ThroughAFragment() throws IOException {
        Path plans = plans();
        Path loadlab = LoadlabTree.copy(dir.resolve("loadlab")).resolve("jmeter");

        assertEquals(Http2Sampler.class.getName(), PlanFiles.HTTP2_SAMPLER);
        assertFalse(PlanFiles.speaksHttp2(plans, plans.resolve("orders.jmx")));
        assertTrue(
                PlanFiles.speaksHttp2(loadlab, loadlab.resolve("api-gateway.jmx")), "through fragments/get-users.jmx");
        for (String plan : List.of("api-gateway-stress.jmx", "calibration.jmx")) {
            assertTrue(PlanFiles.speaksHttp2(loadlab, loadlab.resolve(plan)), plan + " runs on HTTP/2 as before");
        }
        assertFalse(PlanFiles.speaksHttp2(loadlab, loadlab.resolve("latency.jmx")), "ab's study: HTTP/1.1 alone");
    }
}
