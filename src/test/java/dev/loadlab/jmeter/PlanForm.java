package dev.loadlab.jmeter;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.gui.JMeterGUIComponent;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.NullProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;

/**
 * A plan as JMeter's GUI saves it: each element shown in its editor and taken back from it (what selecting the element
 * in the tree does, so that showing one changes nothing), marked the way the GUI's tree marks what it loads, then
 * written by JMeter's own serializer (what File > Save does). Opening such a plan in the GUI and saving it unchanged
 * gives the same bytes; an edit shows in git diff as the edit, and the edited element's enabled="true" mark. Runs in a JVM of JMeter's own
 * class path (its home's lib/ and lib/ext/, as the GUI does), headless.
 *
 * <p>Usage: {@code PlanForm <jmeter-home> check|write <plan.jmx>...}; check prints the first differing line of each
 * plan that is not in that form and exits 1, write rewrites the plans in it.
 */
public final class PlanForm {
    private PlanForm() {}

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        boolean write = args[1].equals("write");
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(home.resolve("bin/jmeter.properties").toString());
        JMeterUtils.initLocale();
        List<String> problems = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            Path plan = Path.of(args[i]);
            String saved = asSaved(plan.toFile());
            String committed = Files.readString(plan, StandardCharsets.UTF_8);
            if (write) {
                Files.writeString(plan, saved, StandardCharsets.UTF_8);
            } else if (!saved.equals(committed)) {
                problems.add(plan + ": not as JMeter's GUI saves it; " + firstDifference(committed, saved));
            }
        }
        problems.forEach(System.out::println);
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    static String asSaved(File plan) throws Exception {
        HashTree tree = SaveService.loadTree(plan);
        List<Object> nodes = all(tree);
        // the test plan is the one element whose editor the GUI fills and reads back on every save, as it saves it
        for (Object node : nodes.subList(1, nodes.size())) {
            if (node instanceof TestElement element) {
                throughEditor(element);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        SaveService.saveTree(tree, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Every element of the tree, depth first. */
    private static List<Object> all(HashTree tree) {
        List<Object> nodes = new ArrayList<>();
        for (Object key : tree.list()) {
            nodes.add(key);
            nodes.addAll(all(tree.getTree(key)));
        }
        return nodes;
    }

    /** What showing an element in the GUI does: configure its editor from it, then take it back from the editor. */
    private static void throughEditor(TestElement element) throws Exception {
        String guiClass = element.getPropertyAsString(TestElement.GUI_CLASS);
        if (guiClass.isEmpty()) {
            return;
        }
        Class<?> type = Class.forName(guiClass.contains(".") ? guiClass : SaveService.aliasToClass(guiClass));
        JMeterGUIComponent editor;
        if (type.getName().equals("org.apache.jmeter.testbeans.gui.TestBeanGUI")) {
            editor = (JMeterGUIComponent) type.getConstructor(Class.class)
                    .newInstance(Class.forName(element.getPropertyAsString(TestElement.TEST_CLASS)));
        } else {
            editor = (JMeterGUIComponent) type.getConstructor().newInstance();
        }
        // the GUI's tree, not the editor, holds whether an element is enabled: keep the mark as it was
        JMeterProperty enabled = element.getProperty(TestElement.ENABLED);
        editor.configure(element);
        editor.modifyTestElement(element);
        if (enabled instanceof NullProperty) {
            element.removeProperty(TestElement.ENABLED);
        } else {
            element.setProperty(enabled);
        }
    }

    static String firstDifference(String committed, String saved) {
        String[] a = committed.split("\n", -1);
        String[] b = saved.split("\n", -1);
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "(end of file)";
            String y = i < b.length ? b[i] : "(end of file)";
            if (!x.equals(y)) {
                return "line " + (i + 1) + " is " + x.strip() + " where JMeter writes " + y.strip();
            }
        }
        return "they differ";
    }
}
