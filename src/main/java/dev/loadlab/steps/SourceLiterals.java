package dev.loadlab.steps;

import java.util.ArrayList;
import java.util.List;

/**
 * The string literals of a Scala or Java source, each with its line and the code before it on that line; comments are
 * not code (a tutorial's Javadoc links to its web site). Plain, triple-quoted and interpolated strings alike: an
 * interpolation's {@code $name} or {@code ${...}} stays in the text, for the reader to see it is not literal.
 */
final class SourceLiterals {
    /** One literal: its text (escapes as written), its line (1-based), and what precedes it on its line. */
    record Literal(String text, int line, String before) {}

    private SourceLiterals() {}

    static List<Literal> of(String source) {
        List<Literal> out = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int i = 0;
        int n = source.length();
        while (i < n) {
            char c = source.charAt(i);
            if (c == '\n') {
                line++;
                lineStart = i + 1;
                i++;
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? n : end;
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                int stop = end < 0 ? n : end + 2;
                line += count(source, i, stop);
                lineStart = Math.max(lineStart, source.lastIndexOf('\n', stop - 1) + 1);
                i = stop;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                int stop = end < 0 ? n : end;
                out.add(new Literal(source.substring(i + 3, stop), line, source.substring(lineStart, i)));
                line += count(source, i, stop);
                lineStart = Math.max(lineStart, source.lastIndexOf('\n', stop) + 1);
                i = Math.min(n, stop + 3);
            } else if (c == '"') {
                int j = i + 1;
                while (j < n && source.charAt(j) != '"' && source.charAt(j) != '\n') {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                out.add(new Literal(source.substring(i + 1, Math.min(j, n)), line, source.substring(lineStart, i)));
                i = Math.min(n, j + 1);
            } else if (c == '\'') {
                // a character literal ('"', '\'') is skipped whole; a Scala symbol's quote alone
                i += source.startsWith("\\", i + 1)
                        ? Math.max(2, source.indexOf('\'', i + 3) + 1 - i)
                        : i + 2 < n && source.charAt(i + 2) == '\'' ? 3 : 1;
            } else {
                i++;
            }
        }
        return out;
    }

    private static int count(String source, int from, int to) {
        int lines = 0;
        for (int k = from; k < to && k < source.length(); k++) {
            if (source.charAt(k) == '\n') {
                lines++;
            }
        }
        return lines;
    }
}
