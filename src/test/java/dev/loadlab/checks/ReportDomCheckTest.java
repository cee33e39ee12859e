package dev.loadlab.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rendered page's checker: charts drawn with data, the filter narrowing the table, a screenshot not blank. */
class ReportDomCheckTest {

    @Test
    void shouldPassAComparePageWhoseEveryChartWasDrawnWithData() {
        String dom = "<section id=\"runs\"></section><canvas class=\"chart\" id=\"chart-a\" data-points=\"12\">";
        assertEquals(List.of(), ReportDomCheck.domProblems("compare", dom, ""));
    }

    @Test
    void shouldNameAChartThatWasNeverDrawnOrHasNoData() {
        String dom = "<section id=\"runs\"></section><canvas class=\"chart\" id=\"chart-a\">"
                + "<canvas class=\"chart\" id=\"chart-b\" data-points=\"0\">";
        assertEquals(
                List.of(
                        "chart chart-a was not drawn (no data-points: did the page's script run?)",
                        "chart chart-b has no data"),
                ReportDomCheck.domProblems("compare", dom, ""));
    }

    @Test
    void shouldRefuseAFilterThatLeftEveryRowShown() {
        String dom = "<table class=\"summary\"><tbody><tr><td>h2</td></tr><tr><td>h2 too</td></tr></tbody></table>"
                + "<section id=\"runs\"></section><canvas class=\"chart\" id=\"chart-a\" data-points=\"3\">";
        List<String> problems = ReportDomCheck.domProblems("filter", dom, "h2");
        assertTrue(problems.stream().anyMatch(p -> p.contains("did not narrow")), problems.toString());
    }

    @Test
    void shouldCallAWhiteScreenshotBlankAndADrawnOneNot() {
        BufferedImage shot = new BufferedImage(400, 400, BufferedImage.TYPE_INT_RGB);
        var g = shot.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 400, 400);
        assertTrue(ReportDomCheck.blank(shot));
        g.setColor(Color.BLUE);
        g.fillRect(0, 0, 400, 200);
        assertFalse(ReportDomCheck.blank(shot));
    }
}
