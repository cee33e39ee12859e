package dev.loadlab.studies;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.BuildRuns;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.OwnKnobs;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Your own experiments per request name and wire: Gatling's and JMeter's figures side by side, and beside them what
 * the reference server counted of each tool's requests under their tags ({@link OwnKnobs#tag}). Where the server
 * counted any request of a tool in an experiment, every request of that tool in it is set beside its count: one it did
 * not count is a count of 0, and a tag it counted that the tool did not report is a row of 0 samples; both fail the
 * gate. A tool whose requests carry no tag at all (a plan as JMeter users write it) is set beside the other tool only.
 */
final class OwnRequests {
    private static final List<String> TOOLS = List.of("gatling", "jmeter");

    private OwnRequests() {}

    private static final class Builder {
        String name;
        final Map<String, Summary.Row> byTool = new TreeMap<>();
        final Map<String, Long> serverByTool = new TreeMap<>();
    }

    /**
     * The requests of every own experiment that ran, from the tools' {@code rows}; {@code countsFile} is the server's,
     * absent on a target of yours.
     */
    static List<OwnRequestRow> read(List<Summary.Row> rows, BuildRuns ran, Path countsFile) {
        List<OwnRequestRow> out = new ArrayList<>();
        List<String> own = ran.experiments().stream()
                .filter(e -> !ContractKnobs.EXPERIMENT_NAMES.contains(e))
                .toList();
        if (own.isEmpty()) {
            return out;
        }
        JsonNode counts = counts(countsFile);
        for (String experiment : own) {
            // experiment, then wire, then the request's tag: one builder per request and wire
            Map<String, Builder> requests = new TreeMap<>();
            for (Summary.Row row : rows) {
                if (!TOOLS.contains(row.tool()) || !experiment.equals(row.belongsTo())) {
                    continue;
                }
                if (row.wholeRun()) {
                    continue;
                }
                Builder b = requests.computeIfAbsent(
                        row.protocol() + "\n" + OwnKnobs.slug(row.scenario()), k -> new Builder());
                b.name = row.scenario();
                b.byTool.put(row.tool(), row);
            }
            Set<String> counted = counts == null ? Set.of() : serverTags(counts, experiment, requests);
            requests.forEach((key, b) -> counted.forEach(tool -> {
                if (b.byTool.containsKey(tool)) {
                    b.serverByTool.putIfAbsent(tool, 0L);
                }
            }));
            requests.forEach((key, b) -> out.add(row(experiment, key.split("\n")[0], b)));
        }
        return out;
    }

    /** Puts the server's count of each tag of {@code experiment} into its builder; the tools it counted any of. */
    private static Set<String> serverTags(JsonNode counts, String experiment, Map<String, Builder> requests) {
        Set<String> tools = new java.util.TreeSet<>();
        for (Iterator<String> tags = counts.fieldNames(); tags.hasNext(); ) {
            String tag = tags.next();
            for (String tool : TOOLS) {
                for (Wire wire : Wire.values()) {
                    String prefix = OwnKnobs.tagPrefix(tool, wire.id, experiment);
                    if (!tag.startsWith(prefix)) {
                        continue;
                    }
                    String slug = tag.substring(prefix.length());
                    Builder b = requests.computeIfAbsent(wire.label + "\n" + slug, k -> new Builder());
                    b.name = b.name == null ? slug : b.name;
                    b.serverByTool.put(tool, counts.get(tag).path("count").asLong());
                    tools.add(tool);
                }
            }
        }
        return tools;
    }

    private static OwnRequestRow row(String experiment, String protocol, Builder b) {
        Optional<Summary.Row> gatling = Optional.ofNullable(b.byTool.get("gatling"));
        Optional<Summary.Row> jmeter = Optional.ofNullable(b.byTool.get("jmeter"));
        return new OwnRequestRow(
                experiment,
                b.name,
                protocol,
                samples(gatling, b.serverByTool.containsKey("gatling")),
                samples(jmeter, b.serverByTool.containsKey("jmeter")),
                b.serverByTool.get("gatling"),
                b.serverByTool.get("jmeter"),
                gatling.map(Summary.Row::p50Ms).orElse(null),
                jmeter.map(Summary.Row::p50Ms).orElse(null),
                gatling.map(Summary.Row::errorPct).orElse(null),
                jmeter.map(Summary.Row::errorPct).orElse(null));
    }

    /** A tool's samples; 0 where the server counted its tag and the tool reported none; null where neither. */
    private static Long samples(Optional<Summary.Row> row, boolean serverCounted) {
        return row.map(Summary.Row::samples).orElse(serverCounted ? 0L : null);
    }

    private static JsonNode counts(Path countsFile) {
        if (!Files.isRegularFile(countsFile)) {
            return null; // a target of yours: the tools are set side by side only
        }
        try {
            JsonNode json = new ObjectMapper().readTree(countsFile.toFile());
            return json != null && json.isObject() ? json : null;
        } catch (IOException e) {
            return null; // CalibrationResults names the unreadable file under Missing results
        }
    }
}
