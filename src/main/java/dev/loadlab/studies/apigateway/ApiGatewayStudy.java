package dev.loadlab.studies.apigateway;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.model.Percent;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Wire;
import dev.loadlab.studies.RunRows;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Study 004, API gateways over HTTP/1.1 and HTTP/2: a ramp and a stress run of one GET route on each wire. Its figures
 * are mostly the rows every experiment has (the summary and the protocol pairs); its section is the stress runs'.
 */
public final class ApiGatewayStudy implements Study {
    /** As -Dexperiments names it. */
    public static final String NAME = "api-gateway";

    @Override
    public List<Setting> settings() {
        return ApiGatewayKnobs.ALL;
    }

    @Override
    public List<Setting> planProperties() {
        return ApiGatewayKnobs.PLAN_PROPERTIES;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "ApiGatewaySimulation", "ApiGatewayStressSimulation")
                .askedBeforeLoad(s -> Experiment.Check.get(s.get(ApiGatewayKnobs.API_PATH)));
    }

    /**
     * The stress runs' errors are their purpose: they end where the target breaks. At -Pfull their rates climb to 25,600/s,
     * past what the machine holds, so their slow steps are too: held to Gatling's request timeout (60 s), not the 5 s of
     * a measured run (a full build over HTTP/1.1 over TLS: 10,247 ms p95 at 3,200/s, 2 cores). At smoke they stay under it.
     */
    @Override
    public List<String> gateLimits(boolean full) {
        return List.of(full ? "stress:errorPct=100:p95Ms=60000" : "stress:errorPct=100");
    }

    /**
     * HTTP/2 against HTTP/1.1 on each transport, per tool: the change in throughput and p95 of all requests of the
     * measured runs (a stress run's rate is the one it offered, and its errors are its purpose: it has its section).
     */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<String> parts = new ArrayList<>();
        List<Summary.Row> rows = RunRows.whole(s, experiment);
        for (List<Wire> pair : Wire.PAIRS) {
            for (Summary.Row base : rows) {
                if (!base.protocol().equals(pair.get(0).label)
                        || base.run().toLowerCase(Locale.ROOT).contains("stress")) {
                    continue;
                }
                rows.stream()
                        .filter(o -> o.protocol().equals(pair.get(1).label)
                                && o.tool().equals(base.tool())
                                && o.run().equals(base.run()))
                        .findFirst()
                        .ifPresent(o -> parts.add(base.tool() + " " + base.run() + ", " + pair.get(1).label
                                + " against " + base.protocol() + ": throughput "
                                + Percent.change(base.throughputPerSec(), o.throughputPerSec()) + ", p95 "
                                + Percent.change(base.p95Ms(), o.p95Ms())));
            }
        }
        return parts.isEmpty()
                ? Optional.empty()
                : Optional.of(new Page.Finding(experiment, String.join("; ", parts), "pairs"));
    }

    @Override
    public List<Section> sections(Summary s) {
        return List.of(StressSection.render(s.figures(NAME, StressRuns.Figures.class)
                .map(StressRuns.Figures::stressStops)
                .orElse(List.of())));
    }

    /** Its reader of both tools' stress runs, each tool held to its own stop rule as the run was given it. */
    @Override
    public Optional<RunReader> reader(Inputs in) {
        return Optional.of(new StressRuns(StressRuns.Limits.from(in.settings())));
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(NAME, "API gateways, HTTP/1.1 vs HTTP/2", List.of(Studies.scenarios(NAME)));
    }
}
