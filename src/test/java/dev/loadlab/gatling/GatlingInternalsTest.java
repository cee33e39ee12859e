package dev.loadlab.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.loadlab.GatlingConfigured;
import io.gatling.core.scenario.SimulationParams;
import io.gatling.core.structure.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The tapping on Gatling's own builders: each scenario ends with the one builder that adds no action, populations one
 * after another as deep as a study chains them (GatlingInternalsIT runs it on Gatling's engine).
 */
class GatlingInternalsTest {

    /** Populations one after another, as the write study chains its 528 runs at -Pfull; 600 here. */
    public static final class Chained extends Simulation {
        static final int POPULATIONS = 600;

        public Chained() {
            io.gatling.javaapi.core.PopulationBuilder last = null;
            for (int i = POPULATIONS; i >= 1; i--) {
                io.gatling.javaapi.core.PopulationBuilder p =
                        scenario("run " + i).exec(pause(1)).injectOpen(atOnceUsers(1));
                last = last == null ? p : p.andThen(last);
            }
            setUp(last);
        }
    }

    private static List<PopulationBuilder> flatten(scala.collection.immutable.List<PopulationBuilder> roots) {
        List<PopulationBuilder> all = new ArrayList<>();
        for (PopulationBuilder pb : CollectionConverters.asJava(roots)) {
            all.add(pb);
            for (scala.collection.immutable.List<PopulationBuilder> children :
                    CollectionConverters.asJava(pb.children())) {
                all.addAll(flatten(children));
            }
        }
        return all;
    }

    @Test
    void shouldEndEachScenarioWithTheTapHoweverDeepItsPopulationsAreChained() {
        GatlingConfigured.ensure();
        SimulationParams given = new Chained().params("chained");
        SimulationParams tapped = GatlingInternals.tapped(given);

        List<PopulationBuilder> before = flatten(given.rootPopulationBuilders());
        List<PopulationBuilder> after = flatten(tapped.rootPopulationBuilders());
        assertEquals(Chained.POPULATIONS, after.size());
        for (int i = 0; i < after.size(); i++) {
            var builders = after.get(i).scenarioBuilder().actionBuilders();
            assertEquals("run " + (i + 1), after.get(i).scenarioBuilder().name());
            assertEquals(before.get(i).scenarioBuilder().actionBuilders().size() + 1, builders.size());
            // Gatling keeps a scenario's builders newest first: the tap, exec'd last, is the head
            assertEquals("Tap", builders.head().getClass().getSimpleName());
        }
        assertEquals(given.name(), tapped.name());
        assertEquals(given.maxDuration(), tapped.maxDuration());
    }

    @Test
    void shouldNameAGroupedResponseAsTheReportsRowOnceForAllItsResponses() {
        scala.collection.immutable.List<String> groups =
                CollectionConverters.asScala(List.of("warm-up", "login")).toList();
        String first = GatlingInternals.Responses.path(groups, "foo/bar");
        assertEquals("warm-up / login / foo/bar", first);
        scala.collection.immutable.List<String> same =
                CollectionConverters.asScala(List.of("warm-up", "login")).toList();
        assertSame(first, GatlingInternals.Responses.path(same, "foo/bar"), "made once, for equal groups");
        assertEquals(
                "foo/bar",
                GatlingInternals.Responses.path(
                        CollectionConverters.asScala(List.<String>of()).toList(), "foo/bar"));
    }
}
