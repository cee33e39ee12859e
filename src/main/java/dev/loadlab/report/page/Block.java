package dev.loadlab.report.page;

import java.util.List;

/**
 * One part of a section, exactly one of whose fields is set: a paragraph (with a link at its end, if any), a
 * heading, a table, a chart, a list of links, or a notice with its items. The template writes each kind; nothing here
 * is HTML, and every text is escaped on the way out.
 */
public record Block(String text, Link link, String heading, Table table, ChartSpec chart, Links links, Notice notice) {

    /** A link; href null: plain text in a list. */
    public record Link(String text, String href) {}

    /** A list of links (or plain items where a link's href is null). */
    public record Links(List<Link> items) {}

    /** A highlighted box: what is missing or left out, item by item. */
    public record Notice(String title, List<String> items) {}

    public static Block text(String text) {
        return new Block(text, null, null, null, null, null, null);
    }

    /** A paragraph that ends with a link: "Compare runs: [3 runs in reports/runs/]". */
    public static Block linked(String text, String linkText, String href) {
        return new Block(text, new Link(linkText, href), null, null, null, null, null);
    }

    public static Block heading(String text) {
        return new Block(null, null, text, null, null, null, null);
    }

    public static Block table(Table table) {
        return new Block(null, null, null, table, null, null, null);
    }

    public static Block table(String cssClass, List<String> header, List<? extends List<?>> rows) {
        return table(Table.of(cssClass, header, rows));
    }

    /** A row per item, a cell per column. */
    @SafeVarargs
    public static <T> Block table(String cssClass, List<T> items, Table.Column<T>... columns) {
        return table(Table.ofItems(cssClass, items, List.of(columns)));
    }

    public static Block chart(ChartSpec chart) {
        return new Block(null, null, null, null, chart, null, null);
    }

    public static Block links(List<Link> links) {
        return new Block(null, null, null, null, null, new Links(List.copyOf(links)), null);
    }

    public static Block notice(String title, List<String> items) {
        return new Block(null, null, null, null, null, null, new Notice(title, items));
    }
}
