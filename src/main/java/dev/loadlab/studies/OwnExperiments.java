package dev.loadlab.studies;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.CompareSections;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.StudyCatalogue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The door of a team's experiments (a simulation {@code <Name>Simulation}, a plan {@code jmeter/<name>.jmx}, or both):
 * one for them all, as each is known by its own name. Their rows are set request by request, each tool beside the
 * server's own count where the server counted.
 */
public final class OwnExperiments implements Study {

    /** Not an experiment's name: the door's, for a team's experiments each of which has its own. */
    @Override
    public String name() {
        return "own";
    }

    /** A team's experiment is found by the build (dev.loadlab.steps.OwnScenarios), each by its name. */
    @Override
    public Experiment experiment() {
        throw new UnsupportedOperationException("a team's experiments are found by name: Experiment.own");
    }

    @Override
    public void read(Inputs in, Parts parts) {
        Path counts = in.layout().target().resolve("loadlab/server-counts.json");
        OwnRequests.read(parts.rows, in.ran(), counts).stream()
                .collect(Collectors.groupingBy(OwnRequestRow::experiment, LinkedHashMap::new, Collectors.toList()))
                .forEach((experiment, rows) -> parts.figures(experiment, new OwnFigures(rows)));
    }

    /** Each tool's count of each request of your own experiments against the server's, where the server counted. */
    @Override
    public List<Check> checks(Summary s, Settings settings) {
        List<Check> checks = new ArrayList<>();
        for (OwnRequestRow r : requests(s)) {
            if (r.serverGatling() != null && r.gatlingSamples() != null) {
                checks.add(Check.count(r.key("gatling"), r.serverGatling(), r.gatlingSamples()));
            }
            if (r.serverJmeter() != null && r.jmeterSamples() != null) {
                checks.add(Check.count(r.key("jmeter"), r.serverJmeter(), r.jmeterSamples()));
            }
        }
        return checks;
    }

    /** Its requests, and each tool's count against the server's where the server counted. */
    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        List<OwnRequestRow> rows = requests(s, experiment);
        long counted = rows.stream()
                .mapToLong(r -> (r.serverGatling() == null ? 0 : 1) + (r.serverJmeter() == null ? 0 : 1))
                .sum();
        long equal = rows.stream()
                .mapToLong(r -> (r.serverGatling() != null && r.serverGatling().equals(r.gatlingSamples()) ? 1 : 0)
                        + (r.serverJmeter() != null && r.serverJmeter().equals(r.jmeterSamples()) ? 1 : 0))
                .sum();
        double worstErrors = s.scenarios().stream()
                .filter(Studies.rowsOf(experiment))
                .mapToDouble(Summary.Row::errorPct)
                .max()
                .orElse(0);
        String text = rows.stream().map(OwnRequestRow::request).distinct().count() + " requests on "
                + rows.stream().map(OwnRequestRow::protocol).distinct().count() + " wires, worst error rate "
                + RunRows.fmt(worstErrors) + " %"
                + (counted == 0 ? "" : "; " + equal + " of " + counted + " tool counts = the server's");
        return rows.isEmpty() ? Optional.empty() : Optional.of(new Page.Finding(experiment, text, "own-requests"));
    }

    @Override
    public List<Section> sections(Summary s) {
        Section own = OwnRequestsSection.render(requests(s));
        return own == null ? List.of() : List.of(own);
    }

    /** The scenario rows of no study's, so that no row is left off the page. */
    @Override
    public CompareSection compare() {
        return new CompareSection(
                CompareSection.OTHER,
                "Other scenarios (plans of your own, experiments without a section above)",
                List.of(CompareSections.scenarios(
                        CompareSection.OTHER,
                        r -> Studies.study(StudyCatalogue.experimentOfRun(r.tool(), r.run()))
                                .isEmpty())));
    }

    /**
     * Every own experiment's requests beside the server's count, in the order they ran: each kept under its own name
     * (an older summary keeps them all in one list, which each takes its own of).
     */
    private static List<OwnRequestRow> requests(Summary s) {
        List<String> ran = s.run().experiments() == null ? List.of() : s.run().experiments();
        return ran.stream()
                .filter(e -> Studies.study(e).isEmpty())
                .flatMap(e -> requests(s, e).stream())
                .toList();
    }

    /** One own experiment's requests (an older summary's one list filtered to them). */
    private static List<OwnRequestRow> requests(Summary s, String experiment) {
        return s.figures(experiment, OwnFigures.class).map(OwnFigures::ownRequests).orElse(List.of()).stream()
                .filter(r -> r.experiment().equals(experiment))
                .toList();
    }
}
