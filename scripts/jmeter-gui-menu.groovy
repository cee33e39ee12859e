// Runs inside the JMeter GUI as its JSR-223 init script (scripts/jmeter-gui-check.sh passes it with
// -Jjsr223.init.file): once the plan is in the tree, it opens Add > Sampler on the plan's first thread group
// the way a user does, with real mouse events through the X server (java.awt.Robot), and logs whether the
// menu lists the class named by the property loadlab.gui.expectClass. The check script greps that line and
// takes its screenshot while the menu is still open. It never adds anything to the plan (no click on an item).
import java.awt.Component
import java.awt.Point
import java.awt.Rectangle
import java.awt.Robot
import java.awt.event.InputEvent
import javax.swing.JMenu
import javax.swing.JMenuItem
import javax.swing.JPopupMenu
import javax.swing.MenuSelectionManager
import javax.swing.SwingUtilities
import javax.swing.tree.TreePath

import org.apache.jmeter.control.Controller
import org.apache.jmeter.gui.GuiPackage
import org.apache.jmeter.threads.AbstractThreadGroup
import org.apache.jmeter.util.JMeterUtils
import org.slf4j.LoggerFactory

def log = LoggerFactory.getLogger('loadlab.gui-check')
String expected = JMeterUtils.getPropDefault('loadlab.gui.expectClass', '')
// the Add submenu to open, by JMeter's resource key: Sampler unless the check names another (menu_timer: Timer)
String submenuLabel = JMeterUtils.getResString(JMeterUtils.getPropDefault('loadlab.gui.menu', 'menu_generative_controller'))
long deadline = System.currentTimeMillis() + 1000L * JMeterUtils.getPropDefault('loadlab.gui.waitSeconds', 60)

// Waits (off the Swing thread) until `probe`, run on the Swing thread, returns something.
def await = { String what, Closure probe ->
    while (System.currentTimeMillis() < deadline) {
        def found = null
        SwingUtilities.invokeAndWait { found = probe() }
        if (found) {
            return found
        }
        Thread.sleep(200)
    }
    throw new IllegalStateException("gave up waiting for ${what}")
}
// The screen point at the middle of a component (or of a rectangle inside it).
def centre = { Component c, rect = null ->
    def r = rect ?: new Rectangle(c.size)
    Point p = new Point((int) (r.x + Math.min(r.width / 2, 40)), (int) (r.y + r.height / 2))
    SwingUtilities.convertPointToScreen(p, c)
    p
}
def openPopup = { -> MenuSelectionManager.defaultManager().selectedPath.findAll { it instanceof JPopupMenu && it.showing } }
def child = { JPopupMenu popup, String text -> popup.subElements.find { it instanceof JMenu && it.text == text } }

Thread.start('loadlab-gui-check') {
    try {
        Robot robot = new Robot()
        robot.autoDelay = 150
        def node = await('the plan in the tree') {
            def model = GuiPackage.instance?.treeModel
            def groups = model?.getNodesOfType(AbstractThreadGroup) ?: []
            (groups ?: model?.getNodesOfType(Controller) ?: [])[0]
        }
        def tree = GuiPackage.instance.treeListener.JTree
        Point at = await('the node on screen') {
            TreePath path = new TreePath(node.path)
            tree.scrollPathToVisible(path)
            def bounds = tree.getPathBounds(path)
            tree.showing && bounds ? centre(tree, bounds) : null
        }
        def moveTo = { Point target -> robot.mouseMove((int) target.x, (int) target.y) }
        moveTo(at)
        robot.mousePress(InputEvent.BUTTON3_DOWN_MASK)
        robot.mouseRelease(InputEvent.BUTTON3_DOWN_MASK)

        // Add, then Sampler (or the submenu named): hover and click each submenu like a user (labels in JMeter's own language).
        JPopupMenu menu = await('the context menu of ' + node.name) { openPopup()[-1] }
        for (String label in [JMeterUtils.getResString('add'), submenuLabel]) {
            JMenu submenu = await("the menu entry '${label}'") { child(menu, label) }
            Point p = await("'${label}' on screen") { submenu.showing ? centre(submenu) : null }
            moveTo(p)
            robot.mousePress(InputEvent.BUTTON1_DOWN_MASK)
            robot.mouseRelease(InputEvent.BUTTON1_DOWN_MASK)
            menu = await("the '${label}' menu open") { submenu.popupMenu.showing ? submenu.popupMenu : null }
        }
        List<JMenuItem> samplers = menu.subElements.findAll { it instanceof JMenuItem }
        JMenuItem ours = samplers.find { it.name == expected }
        if (ours == null) {
            log.info('loadlab GUI check: Add > {} of {} does not list {}; it lists {}', submenuLabel, node.name, expected,
                    samplers*.name)
            return
        }
        // Point at our entry (highlighted in the screenshot) without choosing it.
        Point p = await('our entry on screen') {
            ours.scrollRectToVisible(new Rectangle(ours.size))
            ours.showing ? centre(ours) : null
        }
        moveTo(p)
        log.info('loadlab GUI check: Add > {} of {} lists {} as "{}"', submenuLabel, node.name, expected, ours.text)
    } catch (Throwable e) {
        Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.cause ? e.cause : e
        log.info('loadlab GUI check: could not open Add > {}: {}', submenuLabel, cause.toString())
    }
}
