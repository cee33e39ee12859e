package dev.loadlab.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The files a plan names by a path, which JMeter reads relative to the plan's own folder: a CSV Data Set's file, the
 * files of {@code __CSVRead}, {@code __FileToString} and {@code __StringFromFile}, a JSR223 or BeanShell script file,
 * an upload, an Include Controller's fragment (and what the fragment names). The build runs a copy of each plan in a
 * folder of its own per wire, so these go with it; one that is missing stops the build before load.
 */
public final class PlanFiles {
    /** A path the plan names, and the element that names it ({@code CSV Data Set Config "orders"}). */
    public record Named(String element, String path) {}

    /**
     * loadlab's HTTP/2 sampler ({@code Http2Sampler}): a plan (or a fragment it includes) without it speaks HTTP/1.1
     * alone. By name: the build reads plans without JMeter's classes, which the sampler's class needs.
     */
    static final String HTTP2_SAMPLER = "dev.loadlab.jmeter.Http2Sampler";

    private static final String INCLUDE = "IncludeController.includepath";
    private static final Pattern FILE_FUNCTION =
            Pattern.compile("\\$\\{__(CSVRead|FileToString|StringFromFile)\\(\\s*([^,)]*)");
    /** Elements whose {@code filename} is a file they read (a listener's {@code filename} is one it writes). */
    private static final Pattern READS_FILENAME = Pattern.compile("CSVDataSet|JSR223.*|BeanShell.*");

    private PlanFiles() {}

    /** Every path the plan at {@code plan} names and those of the fragments it includes, relative or not. */
    public static List<Named> named(Path plansDir, Path plan) {
        Set<Named> out = new LinkedHashSet<>();
        Document document = PlanCheck.parse(plan);
        for (Named n : namedIn(document)) {
            out.add(n);
            Path fragment = plansDir.resolve(n.path());
            if (isInclude(n) && Files.isRegularFile(fragment)) {
                out.addAll(namedIn(PlanCheck.parse(fragment)));
            }
        }
        return List.copyOf(out);
    }

    /** One line per file (not a fragment: {@link PlanCheck}) that cannot go with the plan: missing, or outside its folder. */
    public static List<String> problems(Path plansDir, Path plan) {
        List<String> lines = new ArrayList<>();
        for (Named n : named(plansDir, plan)) {
            if (isInclude(n) || n.path().contains("${")) {
                continue; // PlanCheck checks the fragments; a ${...} path is decided while the plan runs
            }
            Path file = plansDir.resolve(n.path()).normalize();
            if (!Files.isRegularFile(file)) {
                lines.add(plan + ": " + n.element() + " names " + n.path() + ", which does not exist (JMeter reads it"
                        + " relative to the plan: " + file + ")");
            } else if (!Path.of(n.path()).isAbsolute() && !file.startsWith(plansDir.normalize())) {
                lines.add(plan + ": " + n.element() + " names " + n.path() + ", outside the plan's folder; expected a"
                        + " path under " + plansDir
                        + " (the build runs a copy of the plan and carries what is beside it)");
            }
        }
        return lines;
    }

    /** Copies each relative path the plan names to the same place under {@code toDir}, beside the plan's copy. */
    public static void copy(Path plansDir, Path plan, Path toDir) throws IOException {
        for (Named n : named(plansDir, plan)) {
            copyRelative(plansDir, n, toDir);
        }
    }

    /**
     * Copies the files that {@code __FileToString} and {@code __StringFromFile} name by a relative path to the same place
     * under {@code jmetersFolder}: unlike a CSV Data Set and {@code __CSVRead}, which read beside the plan, these two read
     * relative to JMeter's working folder, which in the build and the GUI is the JMeter home's bin/ (the Maven plugin
     * copies {@code jmetersFolder} there as its confFilesDirectory). An Include Controller's fragment too: JMeter looks
     * for it there first, then beside the plan, and a team's plan opened in the GUI from its own jmeter/ would not find
     * loadlab's fragments there (only the build's merged folder holds them beside the plan).
     */
    public static void copyForJMetersFolder(Path plansDir, List<Path> plans, Path jmetersFolder) throws IOException {
        for (Path plan : plans) {
            for (Named n : named(plansDir, plan)) {
                if (readFromJMetersFolder(n)) {
                    copyRelative(plansDir, n, jmetersFolder);
                }
            }
        }
    }

    /** A relative path that is there, copied to the same place under {@code toDir}; nothing for any other. */
    private static void copyRelative(Path plansDir, Named n, Path toDir) throws IOException {
        Path relative = Path.of(n.path());
        Path source = plansDir.resolve(relative).normalize();
        Path copy = toDir.resolve(relative).normalize();
        if (!relative.isAbsolute() && Files.isRegularFile(source) && copy.startsWith(toDir.normalize())) {
            Files.createDirectories(copy.getParent());
            Files.copy(source, copy, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static boolean readFromJMetersFolder(Named n) {
        return n.element().startsWith("__FileToString") || n.element().startsWith("__StringFromFile") || isInclude(n);
    }

    /** Whether the plan, or a fragment it includes, samples with loadlab's HTTP/2 sampler. */
    public static boolean speaksHttp2(Path plansDir, Path plan) {
        Document document = PlanCheck.parse(plan);
        if (samplesHttp2(document)) {
            return true;
        }
        return namedIn(document).stream()
                .filter(PlanFiles::isInclude)
                .map(n -> plansDir.resolve(n.path()))
                .filter(Files::isRegularFile)
                .anyMatch(fragment -> samplesHttp2(PlanCheck.parse(fragment)));
    }

    private static boolean samplesHttp2(Document document) {
        return document.getElementsByTagName(HTTP2_SAMPLER).getLength() > 0;
    }

    private static boolean isInclude(Named n) {
        return n.element().startsWith("Include Controller");
    }

    static List<Named> namedIn(Document document) {
        List<Named> out = new ArrayList<>();
        NodeList props = document.getElementsByTagName("stringProp");
        for (int i = 0; i < props.getLength(); i++) {
            Element prop = (Element) props.item(i);
            String name = prop.getAttribute("name");
            String value = prop.getTextContent().trim();
            Element owner = owner(prop);
            String ownerClass = owner == null ? "" : owner.getAttribute("testclass");
            String label = label(owner);
            if (value.isEmpty()) {
                continue;
            }
            if (name.equals(INCLUDE)) {
                out.add(new Named("Include Controller " + label, value));
            } else if (name.equals("filename")
                    && READS_FILENAME.matcher(ownerClass).matches()) {
                out.add(new Named(ownerClass + " " + label, value));
            } else if (name.equals("File.path")) {
                out.add(new Named("the upload of " + label, value));
            }
            Matcher m = FILE_FUNCTION.matcher(value);
            while (m.find()) {
                String path = m.group(2).trim();
                if (!path.isEmpty() && !path.startsWith("*")) { // *alias: a file __CSVRead opened already
                    out.add(new Named("__" + m.group(1) + " in " + label, path));
                }
            }
        }
        return out;
    }

    /** The nearest test element around a property: one with a testclass and a testname of the user's. */
    private static Element owner(Node node) {
        for (Node n = node.getParentNode(); n instanceof Element e; n = n.getParentNode()) {
            if (e.hasAttribute("testclass") && !e.getTagName().equals("elementProp")) {
                return e;
            }
        }
        return null;
    }

    private static String label(Element owner) {
        return owner == null ? "(the plan)" : "\"" + owner.getAttribute("testname") + "\"";
    }
}
