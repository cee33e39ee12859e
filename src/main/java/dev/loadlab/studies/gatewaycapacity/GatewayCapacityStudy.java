package dev.loadlab.studies.gatewaycapacity;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.studies.Study;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Study 003, a GraphQL gateway's capacity: a step search per wire and upstream latency for the highest rate it
 * sustains. Its steps and knees are read from the simulation's log by the Gatling reader (GatewaySteps).
 */
public final class GatewayCapacityStudy implements Study {
    /** As -Dexperiments names it. */
    public static final String NAME = "gateway-capacity";

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "GatewayCapacitySimulation")
                .askedBeforeLoad(s -> GatewayRequest.from(s).check());
    }

    @Override
    public List<Setting> settings() {
        return GatewayKnobs.ALL;
    }

    /** Its request's settings together: a body needs POST, and a header may hold no secret (GatewayRequest). */
    @Override
    public List<String> settingProblems(Settings settings) {
        return GatewayRequest.problem(settings).stream().toList();
    }

    /**
     * The gateway route's upstream as a reference server of its own (its own port, threads and CPU, as the study's
     * subgraph ran apart from its gateway: forwarding to itself, the gateway's threads and CPU would serve it too);
     * none where server.gatewayUpstream names one.
     */
    @Override
    public List<Companion> companions(Settings settings, List<Wire> gatlingWires) {
        if (settings.isGiven(ServerKnobs.GATEWAY_UPSTREAM)) {
            return List.of();
        }
        return List.of(Companion.ofTarget("gateway-upstream", ServerKnobs.GATEWAY_UPSTREAM.name()));
    }

    /** The pod's CPU limit on the embedded gateway, where gateway.capCpu asks for it. */
    @Override
    public Optional<CpuLimit> targetCpuLimit(Settings settings) {
        return settings.bool(GatewayKnobs.GATEWAY_CAP_CPU)
                ? Optional.of(new CpuLimit(
                        settings.integer(GatewayKnobs.GATEWAY_CPU_LIMIT), GatewayKnobs.GATEWAY_CAP_CPU.name()))
                : Optional.empty();
    }

    /** Each run's steps and knees, read with the search's own criteria (gateway.*) as the simulation judged. */
    @Override
    public Optional<RunReader> reader(Inputs in) {
        return Optional.of(new GatewaySteps(GatewaySteps.Judging.from(in.settings())));
    }

    /** The steps this run's summary keeps, every wire's; none where it did not run. */
    public static List<Gateway.Step> steps(Summary s) {
        return s.figures(NAME, Gateway.Figures.class)
                .map(Gateway.Figures::gatewaySteps)
                .orElse(List.of());
    }

    /** The knees this run's summary keeps, one per wire, latency and repeat. */
    static List<Gateway.Knee> knees(Summary s) {
        return s.figures(NAME, Gateway.Figures.class)
                .map(Gateway.Figures::gatewayKnees)
                .orElse(List.of());
    }

    /** Per wire and latency, its knees over the repeats; made from the knees, so a summary from before repeats has them. */
    static List<Gateway.KneeRange> kneeRanges(Summary s) {
        return KneeFigures.ranges(knees(s));
    }

    /** Its steps past the knee are slow on purpose; the search judges them, the gate allows them. */
    @Override
    public List<String> gateLimits(boolean full) {
        return List.of("GatewayCapacitySimulation:p95Ms=70000");
    }

    /**
     * Per wire and upstream latency: the highest rate the gateway sustained, the first it did not, and up to where its
     * P95 stayed near the upstream's latency; over several repeats, the median of the highest and their range.
     */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<String> parts = new ArrayList<>();
        List<Gateway.KneeRange> ranges = kneeRanges(s);
        if (ranges.stream().anyMatch(r -> r.repeats() > 1)) {
            for (Gateway.KneeRange r : ranges) {
                parts.add(r.protocol() + " at " + r.latencyMs() + " ms upstream: sustained "
                        + (r.medianRps() == null
                                ? "no step in " + r.repeats() + " repeats"
                                : "a median " + rate(r.medianRps()) + " req/s over " + r.repeats() + " repeats ("
                                        + rate(r.leastRps()) + " to "
                                        + rate(r.mostRps()) + ")"));
            }
            return Optional.of(new Page.Finding(NAME, String.join("; ", parts), "gateway"));
        }
        for (Gateway.Knee k : knees(s)) {
            parts.add(k.protocol() + " at " + k.latencyMs() + " ms upstream: sustained "
                    + (k.maxSustainableRps() == null ? "no step" : k.maxSustainableRps() + " req/s")
                    + (k.firstBrokenRps() == null ? ", none broke" : ", broke at " + k.firstBrokenRps() + " req/s")
                    + (k.noDegradationUpToRps() == null
                            ? ""
                            : ", no degradation up to " + k.noDegradationUpToRps() + " req/s"));
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(NAME, String.join("; ", parts), "gateway"));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(GatewaySection.of(steps(s), knees(s)));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(NAME, "Gateway capacity", List.of(knees(), steps()));
    }

    /** The search's verdict per wire and latency: over several repeats their median, least and most. */
    private static Comparison<Gateway.KneeRange> knees() {
        return new Comparison<>(
                "gateway-knees",
                "Maximum sustainable rate (the search's verdict; over repeats, their median)",
                "protocol, upstream latency",
                GatewayCapacityStudy::kneeRanges,
                k -> k.protocol() + ", upstream " + k.latencyMs() + " ms",
                List.of(
                        figure("max sustainable requests/s", Gateway.KneeRange::medianRps),
                        figure("least of the repeats", Gateway.KneeRange::leastRps),
                        figure("most of the repeats", Gateway.KneeRange::mostRps),
                        figure("repeats", Gateway.KneeRange::repeats)),
                List.of(chart("Maximum sustainable rate", "requests/s", "max sustainable requests/s")));
    }

    private static Comparison<Gateway.Step> steps() {
        return new Comparison<>(
                "gateway-steps",
                "Steps",
                "protocol, upstream latency, offered rate",
                GatewayCapacityStudy::steps,
                s -> s.protocol() + ", upstream " + s.latencyMs() + " ms, " + s.stepRps() + "/s"
                        + (s.repeat() > 1 ? ", repeat " + s.repeat() : ""),
                List.of(
                        figure("achieved/s", Gateway.Step::achievedRps),
                        figure("client P95 ms", Gateway.Step::clientP95Ms),
                        figure("error %", Gateway.Step::errorPct)),
                List.of(chart("Client P95 per step", "ms", "client P95 ms")));
    }

    /** 440 for a whole median, 444.5 for the mean of two middle ones. */
    private static String rate(double median) {
        return median == Math.rint(median) ? Long.toString((long) median) : Double.toString(median);
    }

    /**
     * A held step whose client P95 is below the upstream latency each request asked for cannot be: the latency was not
     * taken (a query that never reached its resolver, a parameter the target ignores), so its rate is no capacity.
     * One failed check per such step; none where the request carries no latency.
     */
    @Override
    public List<Check> checks(Summary s, Settings settings) {
        if (!GatewayRequest.from(settings).carriesLatency()) {
            return List.of();
        }
        return steps(s).stream()
                .filter(st -> Boolean.TRUE.equals(st.sustained()) && st.clientP95Ms() < st.latencyMs())
                .map(st -> new Check(
                        "impossible",
                        NAME + " " + st.protocol() + " upstream " + st.latencyMs() + " ms, " + st.stepRps() + "/s"
                                + (st.repeat() > 1 ? ", repeat " + st.repeat() : ""),
                        "client P95 ms",
                        "",
                        Long.toString(st.clientP95Ms()),
                        ">= " + st.latencyMs() + " (the upstream latency asked)",
                        false))
                .toList();
    }

    /** The search's steps that broke it, and their run's all requests: they fail by design, the knee is the answer. */
    @Override
    public Optional<PassedOver> passedOver(Summary s) {
        List<Summary.Row> past = KneeFigures.rowsPast(s);
        return past.isEmpty()
                ? Optional.empty()
                : Optional.of(new PassedOver(
                        past,
                        "the gateway search past its knee",
                        "the steps that broke it, by design, and their run's all requests"));
    }
}
