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
 * Checks what headless Chromium rendered of reports/index.html: every section is there, each study's chart is
 * there, every chart has data marks (a circle or bar per point), and the screenshot is not blank.
 * Run as a single-file program: java scripts/ReportDomCheck.java target/report-dom.html target/report-full.png
 */
public class ReportDomCheck {
    private static final List<String> SECTIONS = List.of("run", "summary", "errors", "write", "gateway", "ab", "jmeter", "bulk", "calibration", "native");
    /** The charts a build against the embedded target draws (an external target may lack the server's). */
    private static final List<String> EXPECTED_CHARTS = List.of("chart-write", "chart-gateway-p95-", "chart-gateway-server-", "chart-bulk");
    private static final Pattern CHART = Pattern.compile("<svg class=\"chart\" id=\"([^\"]+)\".*?</svg>", Pattern.DOTALL);

    public static void main(String[] args) throws Exception {
        String dom = Files.readString(Path.of(args[0]));
        List<String> problems = new ArrayList<>();
        for (String section : SECTIONS) {
            if (!dom.contains("<section id=\"" + section + "\">")) {
                problems.add("section '" + section + "' is missing");
            }
        }
        int charts = 0;
        Matcher m = CHART.matcher(dom);
        while (m.find()) {
            charts++;
            int marks = m.group().split("class=\"mark\"", -1).length - 1;
            System.out.println("[loadlab] chart " + m.group(1) + ": " + marks + " data marks");
            if (marks == 0) {
                problems.add("chart " + m.group(1) + " is empty");
            }
        }
        for (String chart : EXPECTED_CHARTS) {
            if (!dom.contains("<svg class=\"chart\" id=\"" + chart)) {
                problems.add("no chart " + chart + "* (its results are missing?)");
            }
        }
        BufferedImage shot = ImageIO.read(new File(args[1]));
        long drawn = 0;
        for (int y = 0; y < shot.getHeight(); y += 4) {
            for (int x = 0; x < shot.getWidth(); x += 4) {
                drawn += (shot.getRGB(x, y) & 0xffffff) == 0xffffff ? 0 : 1;
            }
        }
        if (drawn < 1000) {
            problems.add("screenshot " + args[1] + " is blank");
        }
        problems.forEach(p -> System.err.println("[loadlab] report check: " + p));
        System.out.println("[loadlab] report check: " + charts + " charts, " + (problems.isEmpty() ? "all drawn" : problems.size() + " problems"));
        System.exit(problems.isEmpty() ? 0 : 1);
    }
}
