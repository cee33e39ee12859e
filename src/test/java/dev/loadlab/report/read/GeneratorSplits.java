package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import java.util.List;

/** How a run's samples split over the machines that made them: Gatling's injectors or JMeter's engines. */
final class GeneratorSplits {
    private GeneratorSplits() {}

    /** {@code generators} are of {@code kind}, named in order, each with its samples, and their total the sum. */
    static void assertSplit(LoadGenerators generators, String kind, List<String> names, List<Long> samples) {
        assertEquals(kind, generators.kind());
        assertEquals(names.size(), generators.count());
        assertEquals(names, generators.parts().stream().map(Generator::name).toList());
        assertEquals(
                samples, generators.parts().stream().map(Generator::samples).toList());
        assertEquals(
                samples.stream().mapToLong(Long::longValue).sum(),
                generators.total().samples());
    }
}
