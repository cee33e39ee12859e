package dev.loadlab.checks;

import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Saves the X display's screen ($DISPLAY) as a PNG and fails when the screen is one flat colour (nothing was
 * drawn). Run with the test class path: java -cp target/test-classes dev.loadlab.checks.Screenshot target/out.png
 */
public class Screenshot {
    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java dev.loadlab.checks.Screenshot <out.png>");
            System.exit(2);
        }
        Rectangle screen = new Rectangle(Toolkit.getDefaultToolkit().getScreenSize());
        BufferedImage image = new Robot().createScreenCapture(screen);
        File out = new File(args[0]);
        ImageIO.write(image, "png", out);
        int first = image.getRGB(0, 0);
        long differing = 0;
        for (int y = 0; y < image.getHeight(); y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                if (image.getRGB(x, y) != first) {
                    differing++;
                }
            }
        }
        System.out.println("screenshot " + out + ": " + screen.width + "x" + screen.height + ", " + differing
                + " sampled pixels differ from the corner");
        if (differing == 0) {
            System.err.println("screenshot " + out + " is blank: the JMeter window did not appear");
            System.exit(1);
        }
    }
}
