package dev.loadlab.steps;

import dev.loadlab.jmeter.PlanHosts;
import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.Reach;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Before any load, every host a chosen experiment names must be a target of the build: the target itself (-Dtarget.url,
 * or the embedded server, which a plan or simulation names only through the build's properties), or a service named
 * with -Dtarget.&lt;name&gt;.url. One line per host named elsewhere, naming the file, the element or line, the host and
 * the setting that would allow it; and one per target a plan or simulation asks for by name that no setting gives. A
 * host built while the load runs is held then (dev.loadlab.shared.HostGuard).
 */
final class ReachCheck {
    /** An absolute http(s) URL whose host is literal: {@code https://shop.example.com:8443/x}. */
    private static final Pattern LITERAL_URL =
            Pattern.compile("^(https?)://([A-Za-z0-9.\\-]+|\\[[0-9A-Fa-f:.]+\\])(?::(\\d{1,5}))?(?:[/?#].*)?$");

    /** A literal in a header's place: {@code .header("Origin", "https://...")} or a map's {@code "Referer" -> "..."}. */
    private static final Pattern HEADER_VALUE = Pattern.compile("(?:[hH]eader\\s*\\(\\s*\"[^\"]*\"\\s*,|->)\\s*[sf]?$");

    private static final Pattern SIMULATION_CLASS = Pattern.compile("\\bclass\\s+(\\w+Simulation)\\b");

    private static final Pattern TARGET_BY_NAME = Pattern.compile("\\btargetUrl\\s*\\(\\s*\"([^\"]*)\"\\s*\\)");

    private ReachCheck() {}

    /** The lines for the chosen experiments' plans (of {@code plansDir}) and simulations; empty when all aim at targets. */
    static List<String> problems(
            Path basedir,
            Settings settings,
            List<Path> plans,
            Path plansDir,
            Map<String, String> properties,
            List<OwnScenarios> chosen) {
        Reach reach = Reach.of(settings);
        Set<String> lines = new LinkedHashSet<>();
        for (Path plan : plans) {
            lines.addAll(planLines(settings, reach, plansDir, plan, properties));
        }
        for (OwnScenarios.Source source : simulationSources(basedir, chosen)) {
            lines.addAll(simulationLines(
                    settings, reach, basedir.relativize(source.file()).toString(), source.text()));
        }
        return List.copyOf(lines);
    }

    private static List<String> planLines(
            Settings settings, Reach reach, Path plansDir, Path plan, Map<String, String> properties) {
        List<String> lines = new ArrayList<>();
        for (PlanHosts.Named n : PlanHosts.of(plansDir, plan, properties)) {
            String where = "jmeter/" + plansDir.relativize(n.file()) + ": " + n.element()
                    + (n.via().isEmpty() ? "" : " (from " + n.via() + ")");
            if (n.target() != null) {
                notGiven(settings, n.target()).ifPresent(l -> lines.add(where + " reads " + l));
            } else if (!reach.allows(n.host())) {
                lines.add(where + " names the host " + n.host()
                        + elsewhere(
                                settings,
                                reach,
                                n.scheme(),
                                n.host(),
                                "${__P(target.host)}, ${__P(target.port)} and ${__P(target.scheme)} there"));
            }
        }
        return lines;
    }

    /** {@code name}: the source's path in the project; each URL literal of a host elsewhere, each target not given. */
    private static List<String> simulationLines(Settings settings, Reach reach, String name, String source) {
        List<String> lines = new ArrayList<>();
        for (SourceLiterals.Literal literal : SourceLiterals.of(source)) {
            Matcher url = LITERAL_URL.matcher(literal.text());
            if (!url.matches() || HEADER_VALUE.matcher(literal.before()).find()) {
                continue;
            }
            int port = url.group(3) == null ? -1 : Integer.parseInt(url.group(3));
            String host = Reach.host(url.group(1), url.group(2), port);
            if (!reach.allows(host)) {
                lines.add(name + ":" + literal.line() + ": \"" + literal.text() + "\" names the host " + host
                        + elsewhere(
                                settings,
                                reach,
                                url.group(1),
                                host,
                                "a path (httpProtocol is the build's target) or targetUrl(\"<name>\") + \"/path\""));
            }
        }
        Matcher named = TARGET_BY_NAME.matcher(source);
        while (named.find()) {
            long line = source.substring(0, named.start())
                            .chars()
                            .filter(c -> c == '\n')
                            .count()
                    + 1;
            String target = named.group(1);
            notGiven(settings, target)
                    .ifPresent(l -> lines.add(name + ":" + line + ": targetUrl(\"" + target + "\") reads " + l));
        }
        return lines;
    }

    /** The rest of a line about a host of no target: what the build loads, and what would let it load that host. */
    private static String elsewhere(Settings settings, Reach reach, String scheme, String host, String instead) {
        String url = scheme + "://" + host;
        return ", on no target of this build (" + aimed(settings, reach) + "); expected " + instead
                + " (docs/own-scenarios.md#where-load-goes), or -D" + TargetKnobs.URL.name() + "=" + url
                + " to load that host, or -Dtarget.<name>.url=" + url + " for a second service";
    }

    private static String aimed(Settings settings, Reach reach) {
        String target = settings.isGiven(TargetKnobs.URL)
                ? "it loads " + UrlMask.mask(settings.get(TargetKnobs.URL))
                : "it loads the embedded reference server";
        List<String> named = NamedTargets.names(settings);
        return target + (named.isEmpty() ? "" : " and " + String.join(", ", named) + ": " + reach.described());
    }

    /** For a target asked for by name: nothing when it is the build's own or a given one, else the rest of a line. */
    private static java.util.Optional<String> notGiven(Settings settings, String target) {
        if (target.isEmpty() || NamedTargets.names(settings).contains(target)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("the target " + target + ", which no setting gives; expected -D"
                + NamedTargets.url(target).name() + "=<its base URL> (or "
                + NamedTargets.url(target).name()
                + " in loadlab.properties)");
    }

    /**
     * The team's sources a chosen simulation is made of: those that declare a chosen simulation class, and those that
     * declare none (requests and chains they share); not those of a simulation left out.
     */
    private static List<OwnScenarios.Source> simulationSources(Path basedir, List<OwnScenarios> chosen) {
        List<String> classes = chosen.stream()
                .flatMap(o -> o.simulation().stream())
                .map(Experiment::simpleName)
                .toList();
        if (classes.isEmpty()) {
            return List.of();
        }
        List<OwnScenarios.Source> out = new ArrayList<>();
        for (OwnScenarios.Source source : OwnScenarios.sources(basedir)) {
            List<String> declared = SIMULATION_CLASS
                    .matcher(source.text())
                    .results()
                    .map(m -> m.group(1))
                    .toList();
            if (declared.isEmpty() || declared.stream().anyMatch(classes::contains)) {
                out.add(source);
            }
        }
        return out;
    }
}
