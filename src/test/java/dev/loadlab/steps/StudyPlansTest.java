package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plans a team's project runs: the studies' from loadlab's class path, its own jmeter/ over them. */
class StudyPlansTest {
    @TempDir
    Path project;

    private Path target() {
        return project.resolve("target");
    }

    @Test
    void shouldGiveAProjectWithoutAStudysFileEveryStudysPlanBesideItsOwn() throws IOException {
        Files.createDirectories(project.resolve("jmeter/data"));
        Files.writeString(project.resolve("jmeter/orders.jmx"), "<jmeterTestPlan/>");
        Files.writeString(project.resolve("jmeter/data/orders.csv"), "sku\n");

        assertEquals(List.of(), StudyPlans.merge(project, target()));

        Path plans = StudyPlans.folder(target());
        for (String file : List.of(
                "api-gateway.jmx",
                "latency.jmx",
                "calibration.jmx",
                "fragments/get-users.jmx",
                "tuning.properties",
                "conf/log4j2.xml",
                "orders.jmx",
                "data/orders.csv")) {
            assertTrue(Files.isRegularFile(plans.resolve(file)), file);
        }
    }

    @Test
    void shouldRefuseAProjectsFileOfAStudysNameWithOtherContentsButLetItsConfWin() throws IOException {
        Files.createDirectories(project.resolve("jmeter/conf"));
        Files.writeString(project.resolve("jmeter/latency.jmx"), "<jmeterTestPlan/>");
        Files.writeString(project.resolve("jmeter/conf/log4j2.xml"), "<Configuration/>");

        List<String> problems = StudyPlans.merge(project, target());

        assertEquals(
                List.of("jmeter/latency.jmx has the name of a file of loadlab's studies and other contents: rename it"
                        + " (the studies run by name: -Dexperiments=<study>)"),
                problems);
        assertEquals(
                "<Configuration/>",
                Files.readString(StudyPlans.folder(target()).resolve("conf/log4j2.xml")),
                "the project's JMeter settings");
    }

    @Test
    void shouldLeaveAPlanOfNoStudysToTheProjectThoughLoadlabsJarHoldsOneOfThatName() throws IOException {
        Path resource =
                Path.of(StudyPlans.class.getResource(StudyPlans.RESOURCE).getPath());
        Path stray = resource.resolve("stray-own.jmx"); // as a team's plan added to loadlab's tree before its build
        Files.writeString(stray, "<jmeterTestPlan>loadlab's tree</jmeterTestPlan>");
        try {
            Files.createDirectories(project.resolve("jmeter"));
            Files.writeString(
                    project.resolve("jmeter/stray-own.jmx"), "<jmeterTestPlan>the project's</jmeterTestPlan>");

            assertEquals(List.of(), StudyPlans.merge(project, target()));
            assertEquals(
                    "<jmeterTestPlan>the project's</jmeterTestPlan>",
                    Files.readString(StudyPlans.folder(target()).resolve("stray-own.jmx")));
        } finally {
            Files.delete(stray);
        }
    }

    @Test
    void shouldTakeLoadlabsOwnTreeWhoseStudyPlansAreTheStudiesAsItIs() throws IOException {
        Path tree = dev.loadlab.shared.LoadlabTree.copy(project);

        assertEquals(List.of(), StudyPlans.merge(tree, tree.resolve("target")));
    }
}
