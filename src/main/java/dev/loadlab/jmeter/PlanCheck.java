package dev.loadlab.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Checks the plans a JMeter run will use before any load is sent: the plan name the user picked
 * ({@code -Djmeter.plan}), that every plan (and every fragment it includes) is well-formed JMeter XML, and that every
 * file it names is there ({@link PlanFiles}). Each problem is one line naming the file. The load settings the plans read are checked by the settings catalogue.
 */
public final class PlanCheck {
    static final String ALL_PLANS = "*";
    static final String PLAN_SUFFIX = ".jmx";

    private PlanCheck() {}

    /** @return one line per problem, empty when the run may start */
    public static List<String> check(Path plansDir, String planName) {
        List<String> problems = new ArrayList<>();
        List<Path> plans;
        try {
            plans = selectPlans(plansDir, planName);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return problems;
        }
        for (Path plan : plans) {
            problems.addAll(checkPlan(plansDir, plan));
        }
        return problems;
    }

    public static List<Path> selectPlans(Path plansDir, String planName) {
        List<String> available = availablePlans(plansDir);
        String name = planName == null ? "" : planName.trim();
        if (ALL_PLANS.equals(name)) {
            return available.stream()
                    .map(plan -> plansDir.resolve(plan + PLAN_SUFFIX))
                    .toList();
        }
        if (!available.contains(name)) {
            throw new IllegalArgumentException("jmeter.plan=" + name + ": no plan "
                    + plansDir.resolve(name + PLAN_SUFFIX) + "; allowed values are " + String.join(", ", available)
                    + " or " + ALL_PLANS + " (all of them)");
        }
        return List.of(plansDir.resolve(name + PLAN_SUFFIX));
    }

    static List<String> availablePlans(Path plansDir) {
        try (Stream<Path> files = Files.list(plansDir)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(file -> file.endsWith(PLAN_SUFFIX))
                    .map(file -> file.substring(0, file.length() - PLAN_SUFFIX.length()))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "jmeter plans directory " + plansDir + " cannot be listed: " + e.getMessage());
        }
    }

    /** The plan and the fragments its Include Controllers name, relative to the plans directory. */
    static List<String> checkPlan(Path plansDir, Path plan) {
        List<String> problems = new ArrayList<>();
        Document document;
        try {
            document = parse(plan);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return problems;
        }
        NodeList includes = document.getElementsByTagName("stringProp");
        for (int i = 0; i < includes.getLength(); i++) {
            Element property = (Element) includes.item(i);
            if (!"IncludeController.includepath".equals(property.getAttribute("name"))) {
                continue;
            }
            Path fragment = plansDir.resolve(property.getTextContent().trim());
            if (!Files.isRegularFile(fragment)) {
                problems.add(plan + ": includes " + fragment + ", which does not exist");
                continue;
            }
            try {
                parse(fragment);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (problems.isEmpty()) {
            problems.addAll(PlanFiles.problems(plansDir, plan));
        }
        return problems;
    }

    /** @throws IllegalArgumentException "file:line:column: malformed JMeter plan: reason" */
    static Document parse(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setExpandEntityReferences(false);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(null); // the exception below is the report; no "[Fatal Error]" on stderr
            Document document = builder.parse(in, file.toUri().toString());
            String root = document.getDocumentElement().getTagName();
            if (!"jmeterTestPlan".equals(root)) {
                throw new IllegalArgumentException(
                        file + ": not a JMeter plan: the root element is <" + root + ">, expected <jmeterTestPlan>");
            }
            return document;
        } catch (SAXParseException e) {
            throw new IllegalArgumentException(file + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": malformed JMeter plan: " + e.getMessage());
        } catch (SAXException | ParserConfigurationException e) {
            throw new IllegalArgumentException(file + ": malformed JMeter plan: " + e.getMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot be read: " + e.getMessage());
        }
    }
}
