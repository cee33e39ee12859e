package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.read.JmeterCsv;
import dev.loadlab.settings.Protocol;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVRecord;

/**
 * Did each JMeter run speak its wire? What the run knows, per sample: the scheme is in the URL JMeter saves for it; the
 * protocol is what loadlab's HTTP/2 sampler says it spoke (the CSV column {@value #COLUMN}, jmeter/tuning.properties),
 * and HTTP/1.1 where no sampler of ours says anything (JMeter's HTTP Request speaks HTTP/1.1 by construction). A plan
 * needs no column of its own; the studies' plans still declare it, and older results without a URL column are read by
 * it alone. A run in {@code results/h2} whose samples say {@code http1 http} compared HTTP/1.1 with itself: one check
 * per results file fails on every such sample. Samples with neither (a transaction, a script) are no request: not
 * counted.
 */
public final class SpokenWires {
    static final String COLUMN = "spoken";
    /** JMeter's own column (jmeter.save.saveservice.url). */
    static final String URL_COLUMN = "URL";

    private SpokenWires() {}

    /** What a sample of this wire's run must say: {@code http2 https} for h2. */
    static String expected(Wire wire) {
        return wire.protocol.id + " " + (wire.tls ? "https" : "http");
    }

    public static List<Check> checks(Path jmeterResultsDir) throws IOException {
        List<Check> checks = new ArrayList<>();
        for (Wire wire : Wire.values()) {
            Path dir = jmeterResultsDir.resolve(wire.id);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path csv : files.filter(f -> f.toString().endsWith(".csv"))
                        .sorted()
                        .toList()) {
                    long[] counts = count(csv, expected(wire));
                    checks.add(new Check(
                            "wire",
                            "jmeter " + wire.label + " "
                                    + csv.getFileName().toString().replaceFirst("\\.csv$", ""),
                            "samples not on " + expected(wire),
                            "-",
                            counts[1] + " of " + counts[0],
                            "0",
                            counts[1] == 0)); // no request at all: SilentRuns says so first
                }
            }
        }
        return checks;
    }

    /** {samples, samples on another wire}; a sample with neither a URL nor the column is no request and not counted. */
    private static long[] count(Path csv, String expected) throws IOException {
        long[] counts = new long[2];
        if (Files.size(csv) == 0) {
            return counts; // no header, no sample: SilentRuns fails the run
        }
        JmeterCsv.read(csv, header -> {
            int spokenAt = header.indexOf(COLUMN);
            int urlAt = header.indexOf(URL_COLUMN);
            int messageAt = header.indexOf("responseMessage");
            return fields -> {
                if (value(fields, messageAt).contains(dev.loadlab.shared.HostGuard.BlockedHost.PREFIX)) {
                    return; // not sent, on no wire: the reach check names its host (ReachChecks)
                }
                String spoken = value(fields, spokenAt);
                String url = value(fields, urlAt);
                String scheme = url.contains("://") ? url.substring(0, url.indexOf("://")) : word(spoken, 1);
                if (scheme.isEmpty()) {
                    return;
                }
                String protocol = spoken.isEmpty() ? Protocol.HTTP1.id : word(spoken, 0);
                counts[0]++;
                if (!(protocol + " " + scheme).equals(expected)) {
                    counts[1]++;
                }
            };
        });
        return counts;
    }

    private static String value(CSVRecord fields, int at) {
        String v = at < 0 || at >= fields.size() ? "" : fields.get(at).trim();
        return v.equals("null") ? "" : v; // JMeter writes an unset sample variable as null
    }

    private static String word(String text, int index) {
        String[] words = text.split("\\s+");
        return index < words.length ? words[index] : "";
    }
}
