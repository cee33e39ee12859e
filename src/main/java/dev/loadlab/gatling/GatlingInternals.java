package dev.loadlab.gatling;

import io.gatling.commons.stats.OK$;
import io.gatling.commons.stats.Status;
import io.gatling.core.CoreComponents;
import io.gatling.core.action.Action;
import io.gatling.core.action.builder.ActionBuilder;
import io.gatling.core.action.builder.Executable;
import io.gatling.core.actor.ActorRef;
import io.gatling.core.scenario.Simulation;
import io.gatling.core.scenario.SimulationParams;
import io.gatling.core.stats.DataWritersStatsEngine;
import io.gatling.core.stats.StatsEngine;
import io.gatling.core.stats.writer.DataWriterMessage;
import io.gatling.core.structure.PopulationBuilder;
import io.gatling.core.structure.ScenarioBuilder;
import io.gatling.core.structure.ScenarioContext;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import scala.collection.Iterable;
import scala.collection.Iterator;
import scala.collection.immutable.List;
import scala.collection.mutable.ListBuffer;
import scala.concurrent.Promise;
import scala.concurrent.duration.FiniteDuration;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.BoxedUnit;

/**
 * What loadlab needs of Gatling that Gatling keeps to itself, in this one class: what a {@code :stop} limit needs
 * (dev.loadlab.LiveStop), each response as it is logged and the run's components, from which the stop is Gatling's own
 * {@code stopLoadGenerator} action. Gatling offers no public way to either: a simulation's scenarios are read by Gatling
 * alone, a stats engine takes only the writers its configuration names, and what it gives them is Gatling's alone.
 * Three things here depend on Gatling's internals (Gatling 3.15.1; CHANGELOG.md names the version each release is
 * tested with; GatlingInternalsTest, and GatlingInternalsIT on Gatling's engine, fail on a Gatling where one is gone):
 *
 * <ul>
 *   <li>{@code Simulation.params}, a Scala member kept to Gatling's packages, is overridden (Java sees it public) so
 *       that each scenario ends with one action builder that adds no action: it keeps the run's components and adds
 *       the writer. The rest of the tapping is Gatling's public API.
 *   <li>{@code DataWritersStatsEngine}'s private list of writers is read and replaced by reflection, the one
 *       reflective access to a private member. Where the stats engine is another, no {@code :stop} limit is judged
 *       and the run says so.
 *   <li>A response, as writers get it, is a class kept to Gatling's packages that Java cannot name (a case class in a
 *       Scala object's object): its public accessors are looked up by name once.
 * </ul>
 *
 * <p>No loadlab class sits in Gatling's packages. Without a listener nothing changes but that one builder per scenario.
 */
public final class GatlingInternals {

    /**
     * A response: its request's name after its groups' ("warm-up / foo/bar", as the report's rows), start and end
     * (epoch ms), whether it was OK, and Gatling's message (or null).
     */
    @FunctionalInterface
    public interface Listener {
        void response(String request, long start, long end, boolean ok, String message);

        /** A user started or ended. */
        default void user(boolean start) {}
    }

    private static volatile Listener listener;
    private static volatile CoreComponents run;

    private GatlingInternals() {}

    /** The base of loadlab's Scala simulations: Gatling's reading of the simulation, each scenario tapped. */
    public abstract static class TappedSimulation extends Simulation {
        @Override
        public SimulationParams params() {
            return tapped(super.params());
        }
    }

    /** Set before the load (a simulation's {@code before}): the scenarios, built after it, hand it each response. */
    public static void listen(Listener l) {
        listener = l;
    }

    /** After the load: the next simulation in this JVM starts without one. */
    public static void stopListening() {
        listener = null;
    }

    /** The running simulation's components (its controller, its stats engine), once its scenarios are built. */
    public static Optional<CoreComponents> run() {
        return Optional.ofNullable(run);
    }

    /** A simulation's parameters with one more action builder at the end of each scenario (Tap). */
    public static SimulationParams tapped(SimulationParams p) {
        return new SimulationParams(
                p.name(),
                tapped(p.rootPopulationBuilders()),
                p.globalProtocols(),
                p.globalPauseType(),
                p.globalThrottleSteps(),
                p.maxDuration(),
                p.assertions(),
                p.before(),
                p.after());
    }

    /**
     * Each builder tapped, and its children. Plain loops: a simulation of populations one after another ({@code
     * andThen}) nests them as deep as it has them, 528 in the write study at -Pfull, and each level costs two frames.
     */
    private static List<PopulationBuilder> tapped(List<PopulationBuilder> builders) {
        ListBuffer<PopulationBuilder> tapped = new ListBuffer<>();
        for (Iterator<PopulationBuilder> each = builders.iterator(); each.hasNext(); ) {
            tapped.addOne(tapped(each.next()));
        }
        return tapped.toList();
    }

    /** The tap as Gatling's DSL takes a chain of builders ({@code exec}). */
    private static final Iterable<Executable> TAP = CollectionConverters.asScala(
                    java.util.List.<Executable>of(Tap.INSTANCE))
            .toList();

    private static PopulationBuilder tapped(PopulationBuilder pb) {
        ScenarioBuilder scenario = pb.scenarioBuilder();
        ListBuffer<List<PopulationBuilder>> children = new ListBuffer<>();
        for (Iterator<List<PopulationBuilder>> each = pb.children().iterator(); each.hasNext(); ) {
            children.addOne(tapped(each.next()));
        }
        return pb.copy(
                (ScenarioBuilder) scenario.exec((Iterable<Executable>) TAP),
                pb.injectionProfile(),
                pb.scenarioProtocols(),
                pb.scenarioThrottleSteps(),
                pb.pauseType(),
                children.toList(),
                pb.shard());
    }

    /** Built with each scenario: keeps the run's components and, with a listener, adds the writer. No action. */
    private enum Tap implements ActionBuilder {
        INSTANCE;

        @Override
        public Action build(ScenarioContext ctx, Action next) {
            run = ctx.coreComponents();
            if (listener != null) {
                addWriter(ctx.coreComponents().statsEngine());
            }
            return next;
        }
    }

    /** A writer that is no file: each response to the listener; a stop answered at once, as Gatling waits for it. */
    private static final class ListenerWriter implements ActorRef<DataWriterMessage> {
        static final ListenerWriter INSTANCE = new ListenerWriter();

        @Override
        public void $bang(DataWriterMessage message) {
            Listener l = listener;
            if (message instanceof DataWriterMessage.Stop s) {
                s.stopPromise().trySuccess(BoxedUnit.UNIT);
            } else if (l != null && Responses.TYPE.isInstance(message)) {
                Responses.tell(l, message);
            } else if (l != null && Responses.USER.isInstance(message)) {
                Responses.user(l, message);
            }
        }

        @Override
        public String name() {
            return "loadlab-stop-limits";
        }

        @Override
        public <R> Promise<R> replyPromise(FiniteDuration timeout) {
            return Promise.apply();
        }
    }

    /** Gatling's response message, read by its public accessors (looked up once: as fast as a call). */
    static final class Responses {
        static final Class<?> TYPE;
        private static final MethodHandle NAME;
        private static final MethodHandle START;
        private static final MethodHandle END;
        private static final MethodHandle STATUS;
        private static final MethodHandle MESSAGE;
        private static final MethodHandle GROUPS;
        static final Class<?> USER;
        private static final MethodHandle USER_START;

        static {
            try {
                TYPE = Class.forName("io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$Response");
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                NAME = lookup.findVirtual(TYPE, "name", MethodType.methodType(String.class));
                START = lookup.findVirtual(TYPE, "startTimestamp", MethodType.methodType(long.class));
                END = lookup.findVirtual(TYPE, "endTimestamp", MethodType.methodType(long.class));
                STATUS = lookup.findVirtual(TYPE, "status", MethodType.methodType(Status.class));
                MESSAGE = lookup.findVirtual(TYPE, "message", MethodType.methodType(scala.Option.class));
                GROUPS = lookup.findVirtual(
                        TYPE, "groupHierarchy", MethodType.methodType(scala.collection.immutable.List.class));
                USER = Class.forName("io.gatling.core.stats.writer.DataWriterMessage$LoadEvent$User");
                USER_START = lookup.findVirtual(USER, "start", MethodType.methodType(boolean.class));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("loadlab: Gatling's responses are not where 3.15.1 has them", e);
            }
        }

        private Responses() {}

        static void tell(Listener l, Object response) {
            try {
                boolean ok = OK$.MODULE$.equals(STATUS.invoke(response));
                l.response(
                        path((scala.collection.immutable.List<?>) GROUPS.invoke(response), (String)
                                NAME.invoke(response)),
                        (long) START.invoke(response),
                        (long) END.invoke(response),
                        ok,
                        ok ? null : message((scala.Option<?>) MESSAGE.invoke(response))); // a success's is unread
            } catch (Throwable e) {
                throw unchecked(e);
            }
        }

        /** Each grouped request's row name, made once: a response is no place to build a string. */
        private static final ConcurrentHashMap<scala.collection.immutable.List<?>, ConcurrentHashMap<String, String>>
                PATHS = new ConcurrentHashMap<>();

        /** The request's name after its groups', as the report names its row: "warm-up / foo/bar". */
        static String path(scala.collection.immutable.List<?> groups, String name) {
            if (groups.isEmpty()) {
                return name;
            }
            return PATHS.computeIfAbsent(groups, g -> new ConcurrentHashMap<>())
                    .computeIfAbsent(name, n -> groups.mkString("", " / ", " / ") + n);
        }

        private static String message(scala.Option<?> message) {
            return message.isDefined() ? (String) message.get() : null;
        }

        static void user(Listener l, Object user) {
            try {
                l.user((boolean) USER_START.invoke(user));
            } catch (Throwable e) {
                throw unchecked(e);
            }
        }

        /** What a method handle threw, as is when unchecked. */
        private static RuntimeException unchecked(Throwable e) {
            if (e instanceof Error error) {
                throw error;
            }
            return e instanceof RuntimeException r ? r : new IllegalStateException(e);
        }
    }

    /** Gatling's stats engine's private list of writers, made accessible once; empty where it is not there. */
    private static final Optional<Field> WRITERS = writersField();

    /** Adds the writer to the engine's, once; where the engine is not Gatling's, says so on the console. */
    static void addWriter(StatsEngine engine) {
        if (!(engine instanceof DataWritersStatsEngine) || WRITERS.isEmpty()) {
            System.out.println("loadlab: Gatling's stats engine is a "
                    + engine.getClass().getName() + " whose writers cannot be read: no :stop limit can be judged");
            return;
        }
        Field field = WRITERS.get();
        synchronized (engine) {
            try {
                @SuppressWarnings("unchecked")
                scala.collection.immutable.Seq<ActorRef<DataWriterMessage>> writers =
                        (scala.collection.immutable.Seq<ActorRef<DataWriterMessage>>) field.get(engine);
                if (!writers.contains(ListenerWriter.INSTANCE)) {
                    field.set(engine, writers.<ActorRef<DataWriterMessage>>appended(ListenerWriter.INSTANCE));
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Optional<Field> writersField() {
        try {
            Field f = DataWritersStatsEngine.class.getDeclaredField("dataWriters");
            f.setAccessible(true);
            return Optional.of(f);
        } catch (NoSuchFieldException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
