package dev.loadlab.bulk;

import dev.loadlab.shared.Markup;
import java.util.Locale;

/** The UI's one page, as bulkbench lays it out: runtime, parameters, test links, results, table commands. */
final class IndexPage {
    private IndexPage() {}

    static String render(WebSession session) {
        RuntimeInfo info = session.runtime();
        BulkSettings s = session.settings();
        StringBuilder html = new StringBuilder(4096);
        html.append("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>loadlab bulk bench</title>")
                .append(
                        "<style>body{font-family:sans-serif}td,th{padding:2px 10px;text-align:left}</style></head><body>")
                .append("<h1>loadlab bulk bench</h1><p><b>Do not point it at a productive database:</b> ")
                .append("it creates and drops schemas and tables.</p>");
        html.append("<h2>Runtime</h2><table>");
        row(html, "cores", String.valueOf(info.cores()));
        row(html, "JVM", info.jvm());
        row(html, "driver", info.driver());
        row(html, "database", info.database());
        row(html, "url", info.url());
        html.append("</table><h2>Parameters</h2><table>");
        row(html, "pairs", s.pairs().toString());
        row(html, "waitSeconds", String.valueOf(s.waitSeconds()));
        row(html, "flushRows", s.flushRows() == 0 ? "0 (whole batch)" : String.valueOf(s.flushRows()));
        row(
                html,
                "statementRows",
                s.statementRows() == 0 ? "0 (the database's choice)" : String.valueOf(s.statementRows()));
        row(
                html,
                "maxConnections",
                s.maxConnections() == 0 ? "0 (no cap: one per batch)" : String.valueOf(s.maxConnections()));
        row(html, "drop", String.valueOf(s.drop()));
        row(html, "table", session.table());
        html.append("</table><h2>Tests</h2><table>");
        for (Mode mode : Mode.values()) {
            html.append("<tr><th>").append(mode.label()).append("</th>");
            for (Pair pair : s.pairs()) {
                html.append("<td><a href=\"/bulk/test?mode=")
                        .append(mode.label())
                        .append("&amp;batchcount=")
                        .append(pair.batchCount())
                        .append("&amp;batchsize=")
                        .append(pair.batchSize())
                        .append("\">")
                        .append(pair)
                        .append("</a></td>");
            }
            html.append("</tr>");
        }
        html.append("</table><h2>Results</h2><table><tr><th>mode</th><th>pair</th><th>flush</th><th>conns</th>")
                .append("<th>seconds</th><th>rows/s</th><th>committed</th><th>counted</th><th>error</th></tr>");
        for (RunResult r : session.results()) {
            cells(
                    html,
                    r.mode().label(),
                    r.pair(),
                    r.flushRows(),
                    r.connections(),
                    String.format(Locale.ROOT, "%.4f", r.seconds()),
                    String.format(Locale.ROOT, "%,.0f", r.rowsPerSecond()),
                    r.rowsCommitted(),
                    r.rowsCounted(),
                    r.error() == null ? "" : r.error());
        }
        html.append("</table><h2>Table ")
                .append(Markup.escape(session.table()))
                .append("</h2><p>")
                .append("<a href=\"/bulk/table/create\">create</a> &middot; <a href=\"/bulk/table/drop\">drop</a>")
                .append(" &middot; <a href=\"/bulk/table/count\">count rows</a></p></body></html>");
        return html.toString();
    }

    private static void row(StringBuilder html, String name, String value) {
        html.append("<tr><th>")
                .append(Markup.escape(name))
                .append("</th><td>")
                .append(Markup.escape(value))
                .append("</td></tr>");
    }

    /** A row of plain cells, each escaped. */
    private static void cells(StringBuilder html, Object... values) {
        html.append("<tr>");
        for (Object value : values) {
            html.append("<td>").append(Markup.escape(String.valueOf(value))).append("</td>");
        }
        html.append("</tr>");
    }
}
