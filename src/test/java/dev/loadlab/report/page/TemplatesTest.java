package dev.loadlab.report.page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class TemplatesTest {
    private static final String EVIL = "<script>alert('x')</script> & \"quoted\"";

    @Test
    void shouldEscapeEveryTextItWrites() {
        String html = Templates.section(Section.of(
                "s",
                EVIL,
                Block.text(EVIL),
                Block.linked(EVIL, EVIL, "#" + EVIL),
                Block.heading(EVIL),
                Block.table("t", List.of(EVIL), List.of(List.of(EVIL))),
                Block.links(List.of(new Block.Link(EVIL, null))),
                Block.notice(EVIL, List.of(EVIL))));

        assertFalse(html.contains("<script>"), html);
        assertFalse(html.contains("'x'"), html);
        assertFalse(html.contains("\"quoted\""), html);
        assertEquals(11, html.split("&lt;script&gt;", -1).length - 1, "each of the eleven texts, escaped: " + html);
    }

    @Test
    void shouldWriteOnlyThePartEachBlockHolds() {
        String html = Templates.section(Section.of("s", "Title", Block.text("just words")));

        assertEquals(
                "<section id=\"s\"><details open><summary><h2>Title</h2></summary><p>just words</p></details></section>\n",
                html);
    }

    @Test
    void shouldRightAlignNumbersAndSpanHeadersAsTold() {
        Table t = new Table(
                "c",
                List.of(new Table.HeaderRow(List.of(new Table.HeaderCell("run", 2, null, "run")))),
                List.of(new Table.Row(List.of(Table.Cell.of(1234.5), Table.Cell.of(null)))));

        String html = Templates.section(Section.of("s", "T", Block.table(t)));

        assertTrue(html.contains("<th class=\"run\" colspan=\"2\">run</th>"), html);
        assertTrue(html.contains("<td class=\"n\">1,234.5</td><td>-</td>"), html);
    }

    @Test
    void shouldInlineEveryScriptAndDrawEachChartOfThePage() {
        ChartSpec chart = ChartSpec.lines(
                "c1", "t", "x", "y", null, false, false, List.of(new ChartSpec.Series("a", List.of(point(1, 2)))));
        String page = Templates.page(
                new Page("P", List.of(), null, List.of(), List.of(Section.of("s", "S", Block.chart(chart)))));

        assertTrue(page.contains("<canvas class=\"chart\" id=\"c1\""), page);
        assertTrue(page.contains("Chart.js v4"), "the library, inline, with its licence banner");
        assertTrue(page.contains("\"id\":\"c1\""), "the chart's spec");
        assertFalse(page.contains("<script src"));
        assertTrue(page.contains("<nav id=\"contents\"><strong>Contents</strong><ul><li><a href=\"#s\">S</a></li>"));
    }

    @Test
    void shouldLeaveTheLibraryOutOfAPageWithoutCharts() {
        String page = Templates.page(
                new Page("P", List.of(), null, List.of(), List.of(Section.of("s", "S", Block.text("t")))));

        assertFalse(page.contains("Chart.js"), "200 KB less");
        assertTrue(page.contains("<script>"), "the tables' script");
    }

    @Test
    void shouldKeepAScriptElementOpenWhateverTheDataHolds() {
        assertEquals("a<\\/script>b<\\/SCRIPT>", Scripts.inlineSafe("a</script>b</SCRIPT>"));
    }

    private static ChartSpec.Point point(double x, double y) {
        return new ChartSpec.Point(x, y);
    }
}
