package dev.loadlab.report.read;

import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.TargetRequests;
import dev.loadlab.settings.Reach;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.HostGuard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Where each run's requests went, by target, and what was not sent, by host ({@link TargetRequests}). Gatling's runs
 * count it as they send (HostGuard, written beside the wire's results: {@code reach/<Simulation>.tsv}); JMeter's are
 * read from its results, each sample's URL set against the build's reach (a sample JMeter sent of a followed redirect or
 * an embedded resource is inside its parent's, which is counted once).
 */
public final class TargetCounts {
    private TargetCounts() {}

    /** Every run of this build that left its counts: Gatling's since the target came up, JMeter's of the wires it ran. */
    public static void readInto(Parts parts, BuildLayout layout, Settings settings, BuildRuns ran) throws IOException {
        Reach reach = Reach.parse(settings.written(Reach.PROPERTY).orElse(""));
        if (reach.isEmpty()) {
            return; // a build from before the reach was written: nothing to hold its samples to
        }
        for (Wire wire : ran.gatling()) {
            Path dir = layout.gatling().resolve(wire.id).resolve(HostGuard.COUNTS_DIR);
            for (Path file : files(dir, ".tsv")) {
                if (Files.getLastModifiedTime(file).compareTo(ran.since()) < 0) {
                    continue; // an earlier build's
                }
                parts.targets.add(new TargetRequests(
                        "gatling", wire.label, name(file, ".tsv"), HostGuard.readCounts(Files.readAllLines(file))));
            }
        }
        for (Wire wire : ran.jmeter()) {
            for (Path csv : files(layout.jmeterResults().resolve(wire.id), ".csv")) {
                try {
                    parts.targets.add(new TargetRequests("jmeter", wire.label, name(csv, ".csv"), jmeter(csv, reach)));
                } catch (IOException e) {
                    parts.missing(csv + ": its requests by target could not be read (" + e.getMessage() + ")");
                }
            }
        }
    }

    /**
     * A JMeter results file's samples by target; one the guard did not send under "blocked host host:port" (a page whose
     * embedded resource or a request whose redirect was not sent: both), and one that went to a host of no target all
     * the same under "sent to host host:port".
     */
    static Map<String, Long> jmeter(Path csv, Reach reach) throws IOException {
        Map<String, Long> out = new TreeMap<>();
        reach.targetByHost().values().forEach(t -> out.put(t, 0L));
        if (Files.size(csv) == 0) {
            return out;
        }
        JmeterCsv.read(csv, header -> {
            int urlAt = header.indexOf("URL");
            int messageAt = header.indexOf("responseMessage");
            if (urlAt < 0) {
                throw new IOException("no URL column");
            }
            return fields -> {
                String url = urlAt < fields.size() ? fields.get(urlAt).strip() : "";
                java.util.Optional<String> host = Reach.host(url);
                if (host.isEmpty()) {
                    return; // no request: a transaction's or a script's sample
                }
                String message = messageAt >= 0 && messageAt < fields.size() ? fields.get(messageAt) : "";
                java.util.regex.Matcher blocked = ErrorClassifier.BLOCKED.matcher(message);
                String refused = blocked.find() ? blocked.group(1) : null;
                if (refused != null) {
                    out.merge(TargetRequests.BLOCKED + refused, 1L, Long::sum);
                }
                if (!host.get().equals(refused)) { // the sample's own request went out: a page, a redirect's first
                    out.merge(reach.targetOf(host.get()).orElse(TargetRequests.UNGUARDED + host.get()), 1L, Long::sum);
                }
            };
        });
        return out;
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(suffix))
                    .sorted()
                    .toList();
        }
    }

    private static String name(Path file, String suffix) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - suffix.length());
    }
}
