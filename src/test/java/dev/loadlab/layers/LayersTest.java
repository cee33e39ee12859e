package dev.loadlab.layers;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The code's layers read downward: the settings at the floor, then what all share, then the target and the tools,
 * then the report's parts (its model, pages and readers), then the studies, then the report and the live limits, and
 * the build's steps, and at the top Gatling's simulations and their bases (Scala, src/main/scala), which tell the
 * build's progress when they start. Each layer imports only those beneath it, and no two packages import each other, in
 * any layer (docs/build.md, "The code's layers").
 */
class LayersTest {
    private static final String ROOT = "dev.loadlab";

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages(ROOT);

    /** The layers, each with the packages it holds (a trailing ".." takes its subpackages too). */
    static ArchRule layers(String root) {
        return layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("settings")
                .definedBy(root + ".settings..")
                .layer("shared")
                .definedBy(root + ".shared..")
                .layer("target and tools")
                .definedBy(
                        root + ".server..",
                        root + ".outside..",
                        root + ".replay..",
                        root + ".jmeter..",
                        root + ".recording..",
                        root + ".bulk..",
                        root + ".bench..",
                        root + ".gatling..")
                .layer("report's parts")
                .definedBy(
                        root + ".report.model..",
                        root + ".report.page..",
                        root + ".report.read..",
                        root + ".report.compare..")
                .layer("studies")
                .definedBy(root + ".studies..")
                .layer("report")
                .definedBy(
                        root + ".report",
                        root + ".report.gate..",
                        root + ".report.index..",
                        root + ".report.jobs..",
                        root + ".live..")
                .layer("steps")
                .definedBy(root + ".steps..")
                .layer("simulations")
                .definedBy(root, root + ".requests..", root + ".chains..", root + ".simulations..")
                .whereLayer("settings")
                .mayOnlyBeAccessedByLayers(
                        "shared", "target and tools", "report's parts", "studies", "report", "steps", "simulations")
                .whereLayer("shared")
                .mayOnlyBeAccessedByLayers(
                        "target and tools", "report's parts", "studies", "report", "steps", "simulations")
                .whereLayer("target and tools")
                .mayOnlyBeAccessedByLayers("report's parts", "studies", "report", "steps", "simulations")
                .whereLayer("report's parts")
                .mayOnlyBeAccessedByLayers("studies", "report", "steps", "simulations")
                .whereLayer("studies")
                .mayOnlyBeAccessedByLayers("report", "steps", "simulations")
                .whereLayer("report")
                .mayOnlyBeAccessedByLayers("steps", "simulations")
                .whereLayer("steps")
                .mayOnlyBeAccessedByLayers("simulations")
                .whereLayer("simulations")
                .mayNotBeAccessedByAnyLayer();
    }

    /** Every package a slice of its own: none may take part in a cycle. */
    static ArchRule noCycle(String root) {
        return slices().matching(root + ".(**)").should().beFreeOfCycles();
    }

    @Test
    void shouldHaveEachLayerImportOnlyTheLayersBeneathIt() {
        assertTrue(
                MAIN.containPackage(ROOT + ".settings") && MAIN.containPackage(ROOT + ".steps.control"), "main read");
        assertTrue(MAIN.stream().noneMatch(c -> c.getPackageName().contains(".fixture")), "no test class read");
        layers(ROOT).check(MAIN);
    }

    @Test
    void shouldHaveNoPackageCycle() {
        noCycle(ROOT).check(MAIN);
    }

    @Test
    void shouldFailOnAFloorThatImportsALayerAboveItAndOnACycle() {
        String root = LayersTest.class.getPackageName() + ".fixture";
        JavaClasses fixture = new ClassFileImporter().importPackages(root);
        assertTrue(layers(root).evaluate(fixture).hasViolation(), "settings importing steps");
        assertTrue(noCycle(root).evaluate(fixture).hasViolation(), "settings and steps importing each other");
    }
}
