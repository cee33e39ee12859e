package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Settings;
import dev.loadlab.shared.LoadlabTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PrepareTest {
    /** loadlab's part of the tree alone: a team's plans and simulations beside it are theirs. */
    @TempDir
    static Path loadlab;

    private static Path PROJECT;

    @BeforeAll
    static void copyLoadlabsPart() {
        PROJECT = LoadlabTree.copy(loadlab);
    }

    @TempDir
    Path target;

    @Test
    void shouldWriteEverySettingResolvedAtItsScaleAndWhatThePlansRead() throws IOException {
        List<String> problems =
                Prepare.run(PROJECT, target, Settings.of(Map.of("scale", "full", "api.path", "/x")), List.of());

        assertEquals(List.of(), problems);
        String settings = Files.readString(target.resolve("loadlab/settings.properties"));
        assertTrue(settings.contains("\nscale=full\n") && settings.contains("\njmeter.config1.users=100\n"), settings);
        assertFalse(settings.contains("bulk.password"), "no secret in the file");
        String jmeter = Files.readString(target.resolve("loadlab/jmeter.properties"));
        assertTrue(jmeter.contains("\napi.path=/x\n") && jmeter.contains("\nprotocol=http1\n"), jmeter);
        assertTrue(Files.isRegularFile(target.resolve("prefs/.java/.userPrefs/io/gatling/latestVersion/prefs.xml")));
    }

    @Test
    void shouldSayInTheSettingsReportWhereEachValueCameFrom() throws IOException {
        Path team = Files.writeString(target.resolve("team.properties"), "api.path=/from-file\ncalibration.users=4\n");
        Settings settings = Settings.forBuild(
                PROJECT, Map.of("loadlab.settings", team.toString(), "calibration.users", "6"), Map.of());

        assertEquals(List.of(), Prepare.run(PROJECT, target, settings, List.of()));

        String report = Files.readString(target.resolve("loadlab/settings.properties"));
        int given = report.indexOf("# given as -D");
        int file = report.indexOf("# from " + PROJECT.relativize(team));
        int defaults = report.indexOf("# the catalogue's defaults at scale smoke");
        assertTrue(given > 0 && file > given && defaults > file, report);
        assertTrue(
                report.indexOf("\ncalibration.users=6\n") > given && report.indexOf("\ncalibration.users=6\n") < file);
        assertTrue(report.indexOf("\napi.path=/from-file\n") > file
                && report.indexOf("\napi.path=/from-file\n") < defaults);
        assertTrue(report.indexOf("\ncalibration.latencyMs=100\n") > defaults, report);
    }

    @Test
    void shouldRefuseANameInTheTeamsFileThatNamesNoSettingWhateverItsPrefix() throws IOException {
        Path team = Files.writeString(target.resolve("team.properties"), "experiment=orders\ncalibration.user=4\n");
        Settings settings = Settings.forBuild(PROJECT, Map.of("loadlab.settings", team.toString()), Map.of());
        String name = PROJECT.relativize(team).toString();

        List<String> problems =
                Prepare.run(PROJECT, target, settings, KnownNames.unknown(settings, java.util.Set.of()));

        assertEquals(2, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .startsWith("calibration.user in " + name + " is not allowed: expected a setting of"
                                + " docs/properties.md, e.g. calibration."),
                problems.toString());
        assertEquals(
                "experiment in " + name + " is not allowed: expected a setting of docs/properties.md or one your"
                        + " experiments declare (src/test/resources/loadlab/<experiment>.properties)",
                problems.get(1));
    }

    @Test
    void shouldGiveAnOwnExperimentItsSettingsAtEachScaleAndRefuseABadOneInOneLine() {
        List<OwnScenarios> shop =
                List.of(new OwnScenarios("shop", java.util.Optional.empty(), java.util.Optional.of("shop.jmx")));

        assertEquals(
                Map.of("shop.users", "2", "shop.rampSeconds", "0", "shop.durationSeconds", "5"),
                OwnScenarios.settings(Settings.of(Map.of()), shop));
        assertEquals(
                Map.of("shop.users", "7", "shop.rampSeconds", "30", "shop.durationSeconds", "300"),
                OwnScenarios.settings(Settings.of(Map.of("scale", "full", "shop.users", "7")), shop));
        assertEquals(
                List.of(
                        "-Dshop.users=0 is not allowed: expected an integer in [1, 100000]",
                        "-Dshop.user is not allowed: expected one of shop.users, shop.rampSeconds,"
                                + " shop.durationSeconds (declare one of your own in"
                                + " src/test/resources/loadlab/shop.properties)"),
                OwnScenarios.settingProblems(Settings.of(Map.of("shop.users", "0", "shop.user", "3")), shop));
    }

    @Test
    void shouldNameEveryBadSettingAndWriteNothingBeforeAnyLoad() throws IOException {
        List<String> problems = Prepare.run(
                PROJECT, target, Settings.of(Map.of("bulk.repetitions", "0", "jmeter.plan", "soak")), List.of());

        assertEquals(
                List.of("-Dbulk.repetitions=0 is not allowed: expected an integer in [1, 1000]"),
                problems,
                "settings first; the plan name is checked once they are all allowed");
        assertFalse(Files.exists(target.resolve("loadlab/settings.properties")));
    }

    @Test
    void shouldStopOnARunLabelThatIsNoFolderNameBeforeAnyLoad() throws IOException {
        List<String> problems = Prepare.run(PROJECT, target, Settings.of(Map.of("run.label", "a/b")), List.of());

        assertEquals(
                List.of("-Drun.label=a/b is not allowed: expected 1 to 64 characters of A-Z a-z 0-9 . _ - not starting"
                        + " with '.', or empty"),
                problems);
        assertFalse(Files.exists(target.resolve("loadlab/settings.properties")));
    }

    @Test
    void shouldRefuseTheJobsOfAMergeInABuildThatLoadsBeforeAnyLoad() throws IOException {
        List<String> problems =
                Prepare.run(PROJECT, target, Settings.of(Map.of("merge.jobs", "jobs/latency,jobs/bulk")), List.of());

        assertEquals(
                List.of("-Dmerge.jobs is not allowed in a build: it names the jobs that `mvn -q exec:java@merge` merges"
                        + " into one report (docs/ci.md); give it to that alone"),
                problems);
        assertFalse(Files.exists(target.resolve("loadlab/settings.properties")));
    }

    @Test
    void shouldRefuseARenamedOrMisspeltNameUnderThePrefixesOfTheSuite() {
        Settings settings = Settings.of(Map.of("profile", "cold", "bulk.pair", "1x1", "gatling.simulationClass", "X"));

        List<String> lines = KnownNames.unknown(settings, Set.of("profile", "bulk.pair", "gatling.simulationClass"));

        assertEquals(2, lines.size(), lines.toString());
        assertEquals(
                "-Dprofile is not allowed: it was renamed; expected api.profile or latency.variants", lines.get(0));
        assertTrue(
                lines.get(1).startsWith("-Dbulk.pair is not allowed: expected a setting of docs/properties.md, e.g. "),
                lines.get(1));
    }

    @Test
    void shouldRefuseAMisspeltCalibrationInjectorOrOutsideSettingButLeaveGatlingsOwnConfiguration() {
        Map<String, String> given = Map.of(
                "calibration.latencyMS", "100",
                "injector.startsAt", "x",
                "outside.tool", "ab",
                "gatling.charting.indicators.percentile1", "90");

        List<String> lines = KnownNames.unknown(Settings.of(given), given.keySet());

        assertEquals(
                List.of("-Dcalibration.latencyMS", "-Dinjector.startsAt", "-Doutside.tool"),
                lines.stream().map(l -> l.substring(0, l.indexOf(' '))).sorted().toList(),
                lines.toString());
    }

    @Test
    void shouldRefuseTheReportsOwnGatewayLimitsNamingTheSimulationsCriteria() {
        // the report no longer judges gateway steps: the simulation's gateway.* criteria are the only ones
        Map<String, String> replacedBy = Map.of(
                "report.gatewayMaxErrorPct", "gateway.maxErrorPct",
                "report.gatewayMaxOverheadMs", "gateway.maxP95OverheadMs");
        replacedBy.forEach((removed, criterion) -> {
            Settings settings = Settings.of(Map.of(removed, "1"));

            List<String> lines = KnownNames.unknown(settings, Set.of(removed));

            assertEquals(1, lines.size(), lines.toString());
            assertTrue(
                    lines.get(0).startsWith("-D" + removed + " is not allowed: it was renamed; expected " + criterion),
                    lines.get(0));
        });
    }

    @Test
    void shouldStopTheDistributedProfileWithoutEnginesBeforeAnyLoad() throws IOException {
        List<String> problems = Prepare.run(PROJECT, target, Settings.of(Map.of()), List.of(), true);

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("-Pdistributed needs -Djmeter.engines: expected"), problems.get(0));
        assertFalse(Files.exists(target.resolve("loadlab/settings.properties")));
    }

    @Test
    void shouldHandTheControllerItsRmiSwitchAndAddress() throws IOException {
        List<String> problems = Prepare.run(
                PROJECT,
                target,
                Settings.of(Map.of("jmeter.engines", "127.0.0.2:4000", "jmeter.rmiTls", "false")),
                List.of(),
                true);

        assertEquals(List.of(), problems);
        String build = Files.readString(target.resolve("loadlab/build.properties"));
        assertTrue(
                build.contains("\nloadlab.rmiSslDisable=true\n")
                        && build.contains("\nloadlab.controllerHost=127.0.0.1\n"),
                build);
    }
}
