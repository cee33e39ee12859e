package dev.loadlab.live;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * Records of a CSV file that is still being written, as RFC 4180 reads them (a quoted field may hold commas, quotes
 * and line breaks: a failure message of several lines is one field). The report reads finished files with a CSV
 * library; this one reads from a stream that waits ({@link Follow}), through a buffer of its own: a read takes what
 * the stream has now, and waits only when it has nothing, so no record is held back behind one not yet written. It
 * runs inside JMeter's JVM beside the load, a character at a time over tens of thousands of samples a second, so it
 * takes no lock per character (as a BufferedReader's read does).
 */
final class CsvRecords {
    private final Reader in;
    private final char[] buffer = new char[1 << 16];
    private int next;
    private int end;

    CsvRecords(Reader in) {
        this.in = in;
    }

    /** The next record's fields, or null at the end (a record cut short there is dropped). */
    List<String> next() throws IOException {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int c = read(); c != -1; c = read()) {
            if (quoted) {
                if (c != '"') {
                    field.append((char) c);
                } else if (peek() == '"') {
                    next++;
                    field.append('"');
                } else {
                    quoted = false;
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

    private int read() throws IOException {
        return fill() ? buffer[next++] : -1;
    }

    /** The character after a quote, left to be read; -1 at the end. */
    private int peek() throws IOException {
        return fill() ? buffer[next] : -1;
    }

    /** True when a character is there to read, after waiting for the stream where the buffer is spent. */
    private boolean fill() throws IOException {
        while (next == end) {
            int n = in.read(buffer, 0, buffer.length);
            if (n < 0) {
                return false;
            }
            next = 0;
            end = n;
        }
        return true;
    }
}
