package dev.loadlab.report.read;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A JMeter results file (CSV, JMeter's default columns), read as RFC 4180 by a CSV library: JMeter quotes a field that
 * holds a comma, a quote or a line break, and a failure message of several lines is one field of one sample. The one
 * reader of those files for the report and the gate.
 */
public final class JmeterCsv {

    private JmeterCsv() {}

    /** What to do with a file's samples, decided from its header's column names (IOException: not a usable file). */
    @FunctionalInterface
    public interface Columns {
        Consumer<CSVRecord> samples(List<String> header) throws IOException;
    }

    /** Hands the header's column names to {@code columns}, then each sample's fields to what it gave, in file order. */
    public static void read(Path csv, Columns columns) throws IOException {
        try (Reader in = Files.newBufferedReader(csv);
                CSVParser parser = CSVFormat.RFC4180.parse(in)) {
            Iterator<CSVRecord> records = parser.iterator();
            if (!hasNext(records)) {
                throw new IOException("empty file (no header line)");
            }
            Consumer<CSVRecord> samples = columns.samples(records.next().toList());
            while (hasNext(records)) {
                samples.accept(records.next());
            }
        }
    }

    /**
     * False at the end, and at a last line that JMeter, stopped, left with a quoted field open: what came before it
     * counts.
     */
    private static boolean hasNext(Iterator<CSVRecord> records) {
        try {
            return records.hasNext();
        } catch (UncheckedIOException cutShort) {
            return false;
        }
    }
}
