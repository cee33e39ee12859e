package dev.loadlab.report.page;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A table of a page: header lines (a column's name may span several), then the rows. Numbers are formatted here, once
 * for every page, and right-aligned; a missing value reads "-".
 */
public record Table(String cssClass, List<HeaderRow> header, List<Row> rows) {
    /** For the template: a table of data only (ab's blocks side by side, the run's facts) has no header line. */
    public boolean hasHeader() {
        return !header.isEmpty();
    }

    public record HeaderRow(List<HeaderCell> cells) {}

    /** colspan, rowspan: null for 1, so that the page leaves the attribute out. */
    public record HeaderCell(String text, Integer colspan, Integer rowspan, String css) {
        public static HeaderCell of(String text) {
            return new HeaderCell(text, null, null, null);
        }
    }

    public record Row(List<Cell> cells) {}

    /** pre: the text is a preformatted block (ab's own summary, line for line). */
    public record Cell(String text, String css, boolean pre) {
        public static Cell of(Object value) {
            return value instanceof Number n
                    ? new Cell(num(n.doubleValue()), "n", false)
                    : new Cell(value == null ? "-" : value.toString(), null, false);
        }
    }

    /** One header line of plain names (none for an empty list); each row's cells from {@link Cell#of}. */
    public static Table of(String cssClass, List<String> header, List<? extends List<?>> rows) {
        List<HeaderRow> head = header.isEmpty()
                ? List.of()
                : List.of(new HeaderRow(header.stream().map(HeaderCell::of).toList()));
        List<Row> body = new ArrayList<>(rows.size());
        for (List<?> row : rows) {
            body.add(new Row(row.stream().map(Cell::of).toList()));
        }
        return new Table(cssClass, head, body);
    }

    /** A column of a table of items: its name over it, and its cell from each item ({@link Cell#of}). */
    public record Column<T>(String name, Function<? super T, ?> cell) {}

    public static <T> Column<T> column(String name, Function<? super T, ?> cell) {
        return new Column<>(name, cell);
    }

    /** A row per item, a cell per column, each column's name over it. */
    public static <T> Table ofItems(String cssClass, List<T> items, List<Column<T>> columns) {
        return of(
                cssClass,
                columns.stream().map(Column::name).toList(),
                items.stream()
                        .map(item ->
                                columns.stream().map(c -> c.cell().apply(item)).toList())
                        .toList());
    }

    /** A figure as the pages print it: thousands separated, two decimals below 10, one up to 1e15, four below 0.01. */
    public static String num(double v) {
        if (v != 0 && Math.abs(v) < 0.01) {
            return String.format(Locale.ROOT, "%.4f", v);
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    /** Errors by kind as one cell: {@code HTTP 503 12, connection reset 3}, or none. */
    public static String kinds(Map<String, Long> byKind) {
        return byKind.isEmpty()
                ? "none"
                : byKind.entrySet().stream()
                        .map(e -> e.getKey() + " " + num(e.getValue()))
                        .collect(Collectors.joining(", "));
    }
}
