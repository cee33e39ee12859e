package dev.loadlab.report.gate;

import dev.loadlab.report.read.JmeterCsv;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Did each JMeter run speak its wire? The plans save, per sample, the protocol property and the URL scheme they ran
 * with (the CSV column {@value #COLUMN}, jmeter/tuning.properties). A run in {@code results/h2} whose samples say
 * {@code http1 http} compared HTTP/1.1 with itself: one check per results file fails on every such sample.
 */
public final class SpokenWires {
    static final String COLUMN = "spoken";

    private SpokenWires() {}

    /** What a sample of this wire's run must say: {@code http2 https} for h2. */
    static String expected(Wire wire) {
        return wire.protocol.id + " " + (wire.tls ? "https" : "http");
    }

    public static List<Gate.Check> checks(Path jmeterResultsDir) throws IOException {
        List<Gate.Check> checks = new ArrayList<>();
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
                    checks.add(new Gate.Check(
                            "wire",
                            "jmeter " + wire.label + " "
                                    + csv.getFileName().toString().replaceFirst("\\.csv$", ""),
                            "samples not on " + expected(wire),
                            "-",
                            counts[1] + " of " + counts[0],
                            "0",
                            counts[0] > 0 && counts[1] == 0));
                }
            }
        }
        return checks;
    }

    /** {samples, samples whose column differs}; a file without the column counts every sample as differing. */
    private static long[] count(Path csv, String expected) throws IOException {
        long[] counts = new long[2]; // samples, samples whose column differs
        if (Files.size(csv) == 0) {
            return counts; // no header, no sample: the check fails on it
        }
        JmeterCsv.read(csv, header -> {
            int at = header.indexOf(COLUMN);
            return fields -> {
                counts[0]++;
                if (at < 0 || at >= fields.size() || !fields.get(at).equals(expected)) {
                    counts[1]++;
                }
            };
        });
        return counts;
    }
}
