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
 * Checks what headless Chromium rendered of reports/compare.html: the runs table is there, and every Chart.js chart
 * was drawn with data. A canvas's pixels are not in the DOM, so the page's script sets data-points="N" on each canvas
 * after drawing it (data-error where drawing failed); a canvas without it was never drawn (the script did not run).
 * Run as a single-file program: java scripts/CompareDomCheck.java target/compare-dom.html target/compare.png
 */
public class CompareDomCheck {
    private static final Pattern CANVAS = Pattern.compile("<canvas [^>]*>");
    private static final Pattern ID = Pattern.compile(" id=\"([^\"]+)\"");
    private static final Pattern POINTS = Pattern.compile(" data-points=\"([0-9]+)\"");
    private static final Pattern ERROR = Pattern.compile(" data-error=\"([^\"]*)\"");

    public static void main(String[] args) throws Exception {
        String dom = Files.readString(Path.of(args[0]));
        List<String> problems = new ArrayList<>();
        if (!dom.contains("<section id=\"runs\">")) {
            problems.add("section 'runs' is missing");
        }
        int charts = 0;
        Matcher m = CANVAS.matcher(dom);
        while (m.find()) {
            charts++;
            String canvas = m.group();
            String id = find(ID, canvas, "(no id)");
            String error = find(ERROR, canvas, null);
            int points = Integer.parseInt(find(POINTS, canvas, "0"));
            System.out.println("[loadlab] chart " + id + ": " + points + " bars");
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
        problems.forEach(p -> System.err.println("[loadlab] compare check: " + p));
        System.out.println("[loadlab] compare check: " + charts + " charts, " + (problems.isEmpty() ? "all drawn" : problems.size() + " problems"));
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    private static String find(Pattern p, String in, String otherwise) {
        Matcher m = p.matcher(in);
        return m.find() ? m.group(1) : otherwise;
    }
}
