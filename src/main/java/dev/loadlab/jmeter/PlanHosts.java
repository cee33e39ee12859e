package dev.loadlab.jmeter;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The hosts a plan names before it runs: in HTTP Request Defaults, in each HTTP Request (its server, or a path that is
 * a whole URL), and in loadlab's HTTP/2 sampler's URL, each resolved through the properties the build sets, their
 * defaults and the plan's User Defined Variables ({@link PlanValues}). A disabled element names nothing. What is built
 * while the plan runs is left to the guard; the fragments a plan includes are read as part of it.
 */
public final class PlanHosts {
    /**
     * One host a plan names: a literal {@code host} ({@code host:port}, the scheme's port where none is given) or a
     * {@code target} by name (empty: the build's own; a named one, which must be given).
     *
     * @param file    the plan or fragment
     * @param element {@code HTTP Request "Home Page"}
     * @param via     where the host came from, when not the element's own text: {@code User Defined Variable host}
     * @param scheme  the literal host's scheme
     */
    public record Named(Path file, String element, String via, String host, String scheme, String target) {}

    private static final String DEFAULTS_GUI = "HttpDefaultsGui";
    private static final String DOMAIN = "HTTPSampler.domain";
    private static final String PORT = "HTTPSampler.port";
    private static final String PROTOCOL = "HTTPSampler.protocol";
    private static final String PATH = "HTTPSampler.path";

    private PlanHosts() {}

    /** Every host the plan at {@code plan} and the fragments it includes name; {@code properties}: the build's. */
    public static List<Named> of(Path plansDir, Path plan, Map<String, String> properties) {
        Document document = PlanCheck.parse(plan);
        Map<String, String> variables = variables(document.getDocumentElement());
        List<Named> out = new ArrayList<>(hosts(plan, document, new PlanValues(properties, variables)));
        for (PlanFiles.Named include : PlanFiles.namedIn(document)) {
            Path fragment = plansDir.resolve(include.path());
            if (include.element().startsWith("Include Controller") && Files.isRegularFile(fragment)) {
                Document included = PlanCheck.parse(fragment);
                Map<String, String> both = new LinkedHashMap<>(variables);
                both.putAll(variables(included.getDocumentElement()));
                out.addAll(hosts(fragment, included, new PlanValues(properties, both)));
            }
        }
        return out;
    }

    private static List<Named> hosts(Path file, Document document, PlanValues values) {
        List<Named> out = new ArrayList<>();
        walk(file, document.getDocumentElement(), values, Map.of(), out);
        return out;
    }

    /**
     * Each enabled element of a hash tree, then what its own tree holds; a disabled one with all below it skipped.
     * {@code inherited}: the fields of the HTTP Request Defaults in scope (the nearest one's where several set one),
     * which an HTTP Request's empty field takes, as JMeter does.
     */
    private static void walk(
            Path file, Element tree, PlanValues values, Map<String, String> inherited, List<Named> out) {
        Map<String, String> scope = new LinkedHashMap<>(inherited);
        for (Element e : children(tree)) {
            if (enabled(e) && DEFAULTS_GUI.equals(e.getAttribute("guiclass"))) {
                for (String field : List.of(DOMAIN, PORT, PROTOCOL)) {
                    if (!property(e, field).isBlank()) {
                        scope.put(field, property(e, field));
                    }
                }
            }
        }
        Element previous = null;
        for (Element e : children(tree)) {
            if (e.getTagName().equals("hashTree")) {
                if (previous == null || enabled(previous)) {
                    walk(file, e, values, scope, out);
                }
                continue;
            }
            previous = e;
            if (enabled(e)) {
                element(file, e, values, DEFAULTS_GUI.equals(e.getAttribute("guiclass")) ? inherited : scope)
                        .ifPresent(out::add);
            }
        }
    }

    private static List<Element> children(Element tree) {
        List<Element> out = new ArrayList<>();
        for (Node n = tree.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                out.add(e);
            }
        }
        return out;
    }

    private static boolean enabled(Element e) {
        return !"false".equals(e.getAttribute("enabled"));
    }

    /** The host one element names, if it is an HTTP element and names one before load. */
    private static Optional<Named> element(Path file, Element e, PlanValues values, Map<String, String> scope) {
        String testclass = e.getAttribute("testclass");
        boolean defaults = DEFAULTS_GUI.equals(e.getAttribute("guiclass"));
        boolean jmeters = testclass.matches("HTTPSampler(Proxy|2)?") || testclass.equals(GuardedPlans.OURS);
        if (testclass.equals(PlanFiles.HTTP2_SAMPLER)) {
            return url(file, "HTTP/2 Request (loadlab) " + label(e), values.of(property(e, "url")));
        }
        if (!defaults && !jmeters) {
            return Optional.empty();
        }
        String element = (defaults ? "HTTP Request Defaults " : "HTTP Request ") + label(e);
        PlanValues.Value path = values.of(property(e, PATH));
        if (path.isLiteral() && path.text().strip().matches("(?i)https?://.*")) {
            return url(file, element, path); // JMeter takes a whole URL in the path as the request's URL
        }
        String ownDomain = property(e, DOMAIN);
        if (ownDomain.isBlank()) {
            return Optional.empty(); // the defaults' server, checked as an element of its own
        }
        PlanValues.Value domain = values.of(ownDomain);
        if (domain.atRun() || (domain.isLiteral() && domain.text().isBlank())) {
            return Optional.empty(); // decided while the plan runs
        }
        if (domain.target() != null) {
            return Optional.of(new Named(file, element, "", "", "", domain.target()));
        }
        PlanValues.Value protocol = values.of(field(e, PROTOCOL, scope));
        PlanValues.Value port = values.of(field(e, PORT, scope));
        String scheme = protocol.isLiteral() && !protocol.text().isBlank()
                ? protocol.text().strip()
                : "http";
        int number = port.isLiteral() && port.text().strip().matches("\\d{1,5}")
                ? Integer.parseInt(port.text().strip())
                : -1;
        return Optional.of(new Named(
                file,
                element,
                domain.via(),
                dev.loadlab.settings.Reach.host(scheme, domain.text().strip(), number),
                scheme,
                null));
    }

    /** The element's own field, else the one the defaults in scope give. */
    private static String field(Element e, String name, Map<String, String> scope) {
        String own = property(e, name);
        return own.isBlank() ? scope.getOrDefault(name, "") : own;
    }

    private static Optional<Named> url(Path file, String element, PlanValues.Value url) {
        if (url.target() != null) {
            return Optional.of(new Named(file, element, "", "", "", url.target()));
        }
        if (!url.isLiteral()) {
            return Optional.empty();
        }
        try {
            URI uri = URI.create(url.text().strip());
            if (uri.getHost() == null || uri.getScheme() == null) {
                return Optional.empty();
            }
            return Optional.of(new Named(
                    file,
                    element,
                    url.via(),
                    dev.loadlab.settings.Reach.host(uri.getScheme(), uri.getHost(), uri.getPort()),
                    uri.getScheme(),
                    null));
        } catch (IllegalArgumentException notAUrl) {
            return Optional.empty();
        }
    }

    /** Every User Defined Variable of the plan's enabled elements (the test plan's own and each Arguments element). */
    static Map<String, String> variables(Element root) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Element arguments : elements(root, "elementProp")) {
            if (!"TestPlan.user_defined_variables".equals(arguments.getAttribute("name"))) {
                continue;
            }
            out.putAll(arguments(arguments));
        }
        for (Element arguments : elements(root, "Arguments")) {
            if ("ArgumentsPanel".equals(arguments.getAttribute("guiclass")) && enabled(arguments)) {
                out.putAll(arguments(arguments));
            }
        }
        return out;
    }

    private static Map<String, String> arguments(Element arguments) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Element argument : elements(arguments, "elementProp")) {
            String name = property(argument, "Argument.name");
            if (!name.isBlank()) {
                out.put(name.strip(), property(argument, "Argument.value"));
            }
        }
        return out;
    }

    private static List<Element> elements(Element root, String tag) {
        List<Element> out = new ArrayList<>();
        org.w3c.dom.NodeList nodes = root.getElementsByTagName(tag);
        for (int i = 0; i < nodes.getLength(); i++) {
            out.add((Element) nodes.item(i));
        }
        return out;
    }

    /** The text of the element's own {@code stringProp} of that name (not one of an element inside it); empty if none. */
    private static String property(Element e, String name) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element p && p.getTagName().equals("stringProp") && name.equals(p.getAttribute("name"))) {
                return p.getTextContent();
            }
        }
        return "";
    }

    private static String label(Element e) {
        return "\"" + e.getAttribute("testname") + "\"";
    }
}
