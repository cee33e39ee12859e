package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Did each run the build planned send anything? Every run of {@code target/loadlab/build-plan.tsv} (tool, wire, name)
 * on a wire the target spoke must have a sample in summary.json; one that has none fails first, with what its tool's
 * log says, so that the gate's first line is the cause (a CSV file the plan could not open, a simulation that stopped
 * at its check) and not a figure derived from nothing.
 */
public final class SilentRuns {
    /** The gate's kind of these checks; GateMain prints a failed one as the gate's first lines. */
    public static final String KIND = "sent";

    /** The longest part of a log line the check quotes. */
    private static final int MAX_CAUSE = 240;

    private SilentRuns() {}

    /** @param loadlabDir target/loadlab, where Prepare wrote the build's plan and the target's check its wires */
    public static List<Check> checks(Path loadlabDir, Path jmeterLogs, Summary now) throws IOException {
        // none planned: a merge of injectors' logs, or a summary read without its build
        List<Check> checks = new ArrayList<>();
        for (Map.Entry<PlannedRuns.Run, Wire> planned : PlannedRuns.onSpokenWires(loadlabDir)) {
            PlannedRuns.Run p = planned.getKey();
            Wire wire = planned.getValue();
            long samples = now.scenarios().stream()
                    .filter(r -> r.tool().equals(p.tool())
                            && r.protocol().equals(wire.label)
                            && r.run().equals(p.run()))
                    .mapToLong(Summary.Row::samples)
                    .max()
                    .orElse(0);
            String said = samples > 0
                    ? Long.toString(samples)
                    : cause(p.tool(), jmeterLogs.resolve(wire.id).resolve(p.run() + ".jmx.log"));
            checks.add(new Check(
                    KIND, p.tool() + " " + wire.label + " " + p.run(), "samples", "", said, "> 0", samples > 0));
        }
        return checks;
    }

    /** What the tool's log says went wrong: JMeter's first ERROR line; Gatling's cause is in the build's output. */
    static String cause(String tool, Path jmeterLog) throws IOException {
        if (!tool.equals("jmeter")) {
            return "no sample: the simulation's cause is in the build's output above (Gatling's run of this wire)";
        }
        if (!Files.isRegularFile(jmeterLog)) {
            return "no sample and no log " + jmeterLog + ": the plan did not start";
        }
        try (Stream<String> lines = Files.lines(jmeterLog, StandardCharsets.UTF_8)) {
            Optional<String> error = lines.filter(l -> l.contains(" ERROR ")).findFirst();
            String said = error.map(l -> l.substring(l.indexOf(" ERROR ") + 7).strip())
                    .map(l -> l.replaceFirst("^\\S+: ", "")) // the logger's name
                    .orElse("no error; did its thread groups start any thread?");
            return "no sample; its log says: "
                    + (said.length() > MAX_CAUSE ? said.substring(0, MAX_CAUSE) + "..." : said);
        }
    }
}
