package dev.loadlab.checks;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * Checks what headless Chromium rendered of a page of reports/, and that its screenshot is not blank.
 * <ul>
 * <li>{@code index}: the first screen opens on the gate's verdict and the findings; every section of index.html is
 * there and the contents link to each; each study's chart is there, and every chart was drawn with data.</li>
 * <li>{@code filter}: index.html opened as index.html#filter=WORD: the summary table shows fewer rows than it has, each
 * holding WORD (the page's script filtered it as a user's typing would).</li>
 * <li>{@code compare}: compare.html's runs table is there and every chart was drawn with data.</li>
 * </ul>
 * Both pages draw with Chart.js. A canvas's pixels are not in the DOM, so the pages' script sets data-points="N" on each
 * canvas after drawing it (data-error where drawing failed); a canvas without it was never drawn (the script did not
 * run). The script also sets data-drawn-ms on the page: the milliseconds from navigation to the last chart drawn.
 * Run with the test class path: java -cp target/test-classes dev.loadlab.checks.ReportDomCheck index|compare|filter
 * DOM.html SCREENSHOT.png [WORD]
 */
public class ReportDomCheck {
    private static final List<String> SECTIONS = List.of(
            "run",
            "summary",
            "pairs",
            "over-time",
            "build-timeline",
            "errors",
            "errors-over-time",
            "stress",
            "write",
            "gateway",
            "ab",
            "jmeter",
            "bulk",
            "calibration",
            "native");
    /** The charts a build against the embedded target draws (an external target may lack the server's). */
    private static final List<String> EXPECTED_CHARTS = List.of(
            "chart-pairs",
            "chart-time-",
            "chart-build-",
            "chart-write",
            "chart-gateway-p95-",
            "chart-gateway-server-",
            "chart-bulk");

    private static final Pattern DRAWN = Pattern.compile(" data-drawn-ms=\"([0-9.]+)\"");
    private static final Pattern CANVAS = Pattern.compile("<canvas [^>]*>");
    private static final Pattern ID = Pattern.compile(" id=\"([^\"]+)\"");
    private static final Pattern POINTS = Pattern.compile(" data-points=\"([0-9]+)\"");
    private static final Pattern ERROR = Pattern.compile(" data-error=\"([^\"]*)\"");

    public static void main(String[] args) throws Exception {
        boolean compare = args[0].equals("compare");
        String dom = Files.readString(Path.of(args[1]));
        List<String> problems = domProblems(args[0], dom, args.length > 3 ? args[3] : "");
        if (blank(ImageIO.read(new File(args[2])))) {
            problems.add("screenshot " + args[2] + " is blank");
        }
        String check = compare ? "compare check" : "report check";
        problems.forEach(p -> System.err.println("[loadlab] " + check + ": " + p));
        System.out.println(
                "[loadlab] " + check + ": " + (problems.isEmpty() ? "all drawn" : problems.size() + " problems")
                        + ", drawn " + find(DRAWN, dom, "?") + " ms after navigation");
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    /** What the rendered {@code dom} of page {@code kind} (index, filter with {@code word}, compare) lacks. */
    static List<String> domProblems(String kind, String dom, String word) {
        boolean compare = kind.equals("compare");
        List<String> problems = new ArrayList<>();
        if (kind.equals("filter")) {
            filtered(dom, word, problems);
        }
        if (compare && !dom.contains("<section id=\"runs\">")) {
            problems.add("section 'runs' is missing");
        }
        if (!compare) {
            firstScreen(dom, problems);
        }
        int charts = charts(dom, problems);
        System.out.println("[loadlab] " + (compare ? "compare" : "report") + " check: " + charts + " charts");
        return problems;
    }

    private static void firstScreen(String dom, List<String> problems) {
        int verdict = dom.indexOf("<div id=\"verdict\"");
        int findings = dom.indexOf("<div id=\"findings\"");
        int contents = dom.indexOf("<nav id=\"contents\"");
        if (verdict < 0 || findings < verdict || contents < findings) {
            problems.add("the page does not open on the verdict, then the findings, then the contents");
        }
        String nav = contents < 0 ? "" : dom.substring(contents, dom.indexOf("</nav>", contents));
        Matcher ids = Pattern.compile("<section id=\"([^\"]+)\">").matcher(dom);
        while (ids.find()) {
            if (!nav.contains("href=\"#" + ids.group(1) + "\"")) {
                problems.add("the contents do not reach section '" + ids.group(1) + "'");
            }
        }
        for (String section : SECTIONS) {
            if (!dom.contains("<section id=\"" + section + "\">")) {
                problems.add("section '" + section + "' is missing");
            }
        }
        for (String chart : EXPECTED_CHARTS) {
            if (!dom.contains("<canvas class=\"chart\" id=\"" + chart)) {
                problems.add("no chart " + chart + "* (its results are missing?)");
            }
        }
    }

    private static int charts(String dom, List<String> problems) {
        int charts = 0;
        Matcher m = CANVAS.matcher(dom);
        while (m.find()) {
            charts++;
            String canvas = m.group();
            String id = find(ID, canvas, "(no id)");
            String error = find(ERROR, canvas, null);
            int points = Integer.parseInt(find(POINTS, canvas, "0"));
            System.out.println("[loadlab] chart " + id + ": " + points + " points");
            if (error != null) {
                problems.add("chart " + id + " could not be drawn: " + error);
            } else if (!POINTS.matcher(canvas).find()) {
                problems.add("chart " + id + " was not drawn (no data-points: did the page's script run?)");
            } else if (points == 0) {
                problems.add("chart " + id + " has no data");
            }
        }
        if (charts == 0) {
            problems.add("no chart at all (no run with results?)");
        }
        return charts;
    }

    /** The summary table as the page's filter left it: fewer rows shown than it has, each holding {@code word}. */
    private static void filtered(String dom, String word, List<String> problems) {
        Matcher table = Pattern.compile("<table class=\"summary\"[^>]*>(.*?)</table>", Pattern.DOTALL)
                .matcher(dom);
        if (!table.find()) {
            problems.add("no summary table to filter");
            return;
        }
        String body = table.group(1).substring(Math.max(0, table.group(1).indexOf("<tbody>")));
        String[] rows = body.split("<tr", -1);
        int shown = 0;
        for (int i = 1; i < rows.length; i++) {
            boolean hidden = rows[i].startsWith(" hidden");
            if (!hidden) {
                shown++;
                if (!rows[i].toLowerCase().contains(word.toLowerCase())) {
                    problems.add("the filter " + word + " kept a row without it: "
                            + rows[i].substring(0, Math.min(120, rows[i].length())));
                    break;
                }
            }
        }
        System.out.println(
                "[loadlab] filter " + word + ": " + shown + " of " + (rows.length - 1) + " summary rows shown");
        if (shown == 0 || shown == rows.length - 1) {
            problems.add("the filter " + word + " did not narrow the summary table (" + shown + " of "
                    + (rows.length - 1) + " shown)");
        }
    }

    /** Fewer than 1,000 sampled pixels that are not white: nothing was drawn. */
    static boolean blank(BufferedImage shot) {
        long drawn = 0;
        for (int y = 0; y < shot.getHeight(); y += 4) {
            for (int x = 0; x < shot.getWidth(); x += 4) {
                drawn += (shot.getRGB(x, y) & 0xffffff) == 0xffffff ? 0 : 1;
            }
        }
        return drawn < 1000;
    }

    private static String find(Pattern p, String in, String otherwise) {
        Matcher m = p.matcher(in);
        return m.find() ? m.group(1) : otherwise;
    }
}
