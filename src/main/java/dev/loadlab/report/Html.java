package dev.loadlab.report;

import java.util.List;

/** HTML escaping and tables for index.html. */
final class Html {
    private Html() {}

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** A table (no header line for an empty header); cells are escaped, numbers right-aligned. */
    static String table(String cssClass, List<String> header, List<List<Object>> rows) {
        StringBuilder t = new StringBuilder("<table class=\"").append(cssClass).append("\">");
        if (!header.isEmpty()) {
            t.append("<thead><tr>");
            header.forEach(h -> t.append("<th>").append(esc(h)).append("</th>"));
            t.append("</tr></thead>");
        }
        t.append("<tbody>");
        for (List<Object> row : rows) {
            t.append("<tr>");
            for (Object cell : row) {
                boolean number = cell instanceof Number;
                t.append(number ? "<td class=\"n\">" : "<td>")
                        .append(esc(
                                cell == null
                                        ? "-"
                                        : number ? SvgChart.num(((Number) cell).doubleValue()) : cell.toString()))
                        .append("</td>");
            }
            t.append("</tr>");
        }
        return t.append("</tbody></table>").toString();
    }

    /** A section that folds (open at first); its title heads it and names it in the page's contents. */
    static String section(String id, String title, String body) {
        return "<section id=\"" + esc(id) + "\"><details open><summary><h2>" + esc(title) + "</h2></summary>" + body
                + "</details></section>\n";
    }

    /** The contents of a page: a link to each section, in the page's order, from the sections as written above. */
    static String contents(String sections) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "<section id=\"([^\"]+)\"><details open><summary><h2>([^<]*)</h2>")
                .matcher(sections);
        StringBuilder nav = new StringBuilder("<nav id=\"contents\"><strong>Contents</strong><ul>");
        while (m.find()) {
            nav.append("<li><a href=\"#")
                    .append(m.group(1))
                    .append("\">")
                    .append(m.group(2))
                    .append("</a></li>");
        }
        return nav.append("</ul></nav>\n").toString();
    }

    static String p(String text) {
        return "<p>" + esc(text) + "</p>";
    }
}
