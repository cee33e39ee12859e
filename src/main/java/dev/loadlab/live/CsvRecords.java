package dev.loadlab.live;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Records of a CSV file that is still being written, as RFC 4180 reads them (a quoted field may hold commas, quotes
 * and line breaks: a failure message of several lines is one field). The report reads finished files with a CSV
 * library; this one reads from a stream that waits ({@link Follow}) and must not read ahead.
 */
final class CsvRecords {
    private final Reader in;

    CsvRecords(Reader in) {
        this.in = in;
    }

    /** The next record's fields, or null at the end (a record cut short there is dropped). */
    List<String> next() throws IOException {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int c = in.read(); c != -1; c = in.read()) {
            any = true;
            if (quoted) {
                if (c != '"') {
                    field.append((char) c);
                } else {
                    in.mark(1);
                    int after = in.read();
                    if (after == '"') {
                        field.append('"');
                    } else {
                        quoted = false;
                        in.reset();
                    }
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                fields.add(field.toString());
                return fields;
            } else if (c != '\r') {
                field.append((char) c);
            }
        }
        return null; // the end; a record without its line break is not whole
    }
}
