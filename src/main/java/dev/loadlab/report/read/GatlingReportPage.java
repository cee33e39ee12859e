package dev.loadlab.report.read;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "All Requests" line of Gatling 3.15's own index.html, read only to check summary.json against what Gatling
 * shows (the report's figures come from simulation.log, never from this page).
 */
public final class GatlingReportPage {
    private static final Pattern CELL = Pattern.compile("<td class=\"value [a-z ]*col-(\\d+)\">([^<]*)</td>");

    public record Stats(
            long total,
            long ok,
            long ko,
            long min,
            double p50,
            double p75,
            double p95,
            double p99,
            long max,
            long mean,
            long stdDev) {}

    private GatlingReportPage() {}

    public static Stats allRequests(Path indexHtml) throws IOException {
        String page = Files.readString(indexHtml);
        int start = page.indexOf("<tr id=\"ROOT\"");
        if (start < 0) {
            throw new IOException(indexHtml + ": no \"All Requests\" line (not a Gatling 3.15 report?)");
        }
        Map<Integer, String> cells = new HashMap<>();
        Matcher m = CELL.matcher(page.substring(start, page.indexOf("</tr>", start)));
        while (m.find()) {
            cells.put(Integer.parseInt(m.group(1)), m.group(2).strip().replace(",", ""));
        }
        if (cells.size() < 13) {
            throw new IOException(
                    indexHtml + ": the \"All Requests\" line has " + cells.size() + " figures, expected 13");
        }
        // Columns: 2 total, 3 OK, 4 KO, 5 % KO, 6 count/s, 7 min, 8 p50, 9 p75, 10 p95, 11 p99, 12 max, 13 mean, 14 std
        // dev
        return new Stats(
                l(cells, 2),
                l(cells, 3),
                l(cells, 4),
                l(cells, 7),
                d(cells, 8),
                d(cells, 9),
                d(cells, 10),
                d(cells, 11),
                l(cells, 12),
                l(cells, 13),
                l(cells, 14));
    }

    private static long l(Map<Integer, String> cells, int col) {
        return Math.round(d(cells, col));
    }

    private static double d(Map<Integer, String> cells, int col) {
        String v = cells.get(col);
        return v == null || v.equals("-") ? -1 : Double.parseDouble(v);
    }
}
