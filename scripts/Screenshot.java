import java.awt.Rectangle;
import java.awt.Robot;
import java.awt.Toolkit;
import java.awt.event.KeyEvent;
import java.awt.image.BufferedImage;
import java.io.File;

import javax.imageio.ImageIO;

/**
 * Saves the X display's screen ($DISPLAY) as a PNG and fails when the screen is one flat colour (nothing was
 * drawn). Optional key names (java.awt.event.KeyEvent's VK_ names without VK_) are typed first, e.g. to walk
 * JMeter's tree to a node: java scripts/Screenshot.java target/out.png RIGHT DOWN RIGHT
 */
public class Screenshot {
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java Screenshot.java <out.png> [KEY ...]");
            System.exit(2);
        }
        Robot robot = new Robot();
        robot.setAutoDelay(150);
        for (int i = 1; i < args.length; i++) {
            int key = KeyEvent.class.getField("VK_" + args[i]).getInt(null);
            robot.keyPress(key);
            robot.keyRelease(key);
        }
        robot.delay(1000);
        Rectangle screen = new Rectangle(Toolkit.getDefaultToolkit().getScreenSize());
        BufferedImage image = robot.createScreenCapture(screen);
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
