package dev.loadlab.report.gate;

import dev.loadlab.replay.Exchange;
import dev.loadlab.replay.Recording;
import dev.loadlab.replay.ReplayLog;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The replay check (-Dreplay=true, docs/own-scenarios.md): each tool's run of an experiment, one user and one pass,
 * set request by request beside the recording (its requests' names and statuses, {@link Recording}); a run passes when
 * each recorded request was sent and got the status it got when recorded. The first that differs is named with what
 * the tool sent ({@link dev.loadlab.replay.Sent}), which is where a value the server makes was not carried.
 */
public final class Replays {
    public static final String KIND = "replay";

    /** One request of one tool's replay: the recorded status (0: not recorded) and the replayed (null: not sent). */
    public record Line(String request, int recorded, Exchange replayed) {
        boolean differs() {
            return recorded != 0 && (replayed == null || replayed.status() != recorded);
        }
    }

    /** One tool's replay of one experiment on one wire; {@code recorded} false for a journey no import wrote. */
    public record Replay(String tool, Wire wire, String experiment, boolean recorded, List<Line> lines) {
        String name() {
            return tool + " " + wire.label + " " + experiment;
        }

        Optional<Line> firstDifference() {
            return lines.stream().filter(Line::differs).findFirst();
        }
    }

    private Replays() {}

    /**
     * Each run the build planned (build-plan.tsv) on a wire the target spoke, beside its recording and what the tools
     * logged (replay.tsv); none when the build did not replay.
     */
    public static List<Replay> read(Path basedir, Path loadlabDir) throws IOException {
        List<Exchange> logged = ReplayLog.read(loadlabDir.resolve(ReplayLog.FILE));
        List<Replay> out = new ArrayList<>();
        for (Map.Entry<PlannedRuns.Run, Wire> planned : PlannedRuns.onSpokenWires(loadlabDir)) {
            PlannedRuns.Run run = planned.getKey();
            Wire wire = planned.getValue();
            List<Exchange> sent = logged.stream()
                    .filter(e -> e.tool().equals(run.tool())
                            && e.wire().equals(wire.id)
                            && e.experiment().equals(run.experiment()))
                    .toList();
            Optional<List<Recording.Step>> recording = Recording.read(basedir, run.experiment());
            out.add(new Replay(
                    run.tool(),
                    wire,
                    run.experiment(),
                    recording.isPresent(),
                    lines(recording.orElse(List.of()), sent)));
        }
        return out;
    }

    /** The recording's requests in its order, each with the first exchange of its name; then those not recorded. */
    static List<Line> lines(List<Recording.Step> recording, List<Exchange> sent) {
        List<Line> lines = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Recording.Step step : recording) {
            names.add(step.request());
            lines.add(new Line(
                    step.request(),
                    step.status(),
                    sent.stream()
                            .filter(e -> e.request().equals(step.request()))
                            .findFirst()
                            .orElse(null)));
        }
        for (Exchange e : sent) {
            if (!names.contains(e.request())) {
                names.add(e.request());
                lines.add(new Line(e.request(), 0, e));
            }
        }
        return lines;
    }

    /** One check a recorded replay: how many recorded requests got their recorded status, and the first that did not. */
    public static List<Check> checks(List<Replay> replays) {
        List<Check> checks = new ArrayList<>();
        for (Replay r : replays) {
            if (!r.recorded()) {
                continue; // a journey written by hand has no recorded statuses to hold it to: its table only
            }
            long recorded = r.lines().stream().filter(l -> l.recorded() != 0).count();
            long alike = r.lines().stream()
                    .filter(l -> l.recorded() != 0 && !l.differs())
                    .count();
            String now = alike + " of " + recorded
                    + r.firstDifference()
                            .map(l -> "; first difference: " + l.request() + " " + replayed(l) + ", recorded "
                                    + l.recorded())
                            .orElse("");
            if (r.lines().stream().allMatch(l -> l.replayed() == null)) {
                now += " (" + r.tool() + " logged no request: "
                        + (r.tool().equals("jmeter")
                                ? "the plan has no Replay Log (loadlab), which the HAR import adds"
                                : "the simulation's requests are not OwnSimulation's request(...)")
                        + ")";
            }
            checks.add(new Check(
                    KIND, r.name(), "statuses as recorded", "", now, recorded + " of " + recorded, alike == recorded));
        }
        return checks;
    }

    /** The table of one replay, request by request, and the first difference with what was sent. */
    public static String table(Replay r) {
        StringBuilder out = new StringBuilder("loadlab replay: " + r.name() + ", one user, one pass"
                + (r.recorded() ? "" : " (no recording: " + r.experiment() + ".recorded.tsv; statuses only)") + ":\n");
        out.append(String.format("  %-9s %-9s %s%n", "recorded", "replayed", "request"));
        Optional<Line> first = r.firstDifference();
        for (Line l : r.lines()) {
            out.append(String.format(
                    "  %-9s %-9s %s%s%n",
                    l.recorded() == 0 ? "-" : Integer.toString(l.recorded()),
                    replayed(l),
                    l.request(),
                    first.isPresent() && first.get() == l ? "   <- the first difference" : ""));
        }
        first.ifPresent(l -> out.append("loadlab replay: ")
                .append(r.name())
                .append(": first difference at ")
                .append(l.request())
                .append(": recorded ")
                .append(l.recorded())
                .append(", replayed ")
                .append(replayed(l))
                .append("; sent: ")
                .append(
                        l.replayed() == null
                                ? "nothing (the tool's log says why)"
                                : l.replayed().sent())
                .append('\n'));
        return out.toString();
    }

    private static String replayed(Line l) {
        return l.replayed() == null
                ? "not sent"
                : l.replayed().status() == 0
                        ? "no answer"
                        : Integer.toString(l.replayed().status());
    }
}
