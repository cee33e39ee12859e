package dev.loadlab.report.read;

import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Summary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which JMeter engine sent a sample. In distributed mode the controller's results name each sample's engine in its
 * thread name, "&lt;host&gt;:&lt;port&gt;-&lt;thread group&gt; &lt;g&gt;-&lt;n&gt;" (JMeter prefixes it on the
 * engine); a thread name without that prefix is a sample of a run on one machine.
 */
final class JmeterEngines {
    /** The name of the one generator of a run that was not distributed. */
    static final String LOCAL = "local";

    /** The shortest "host:port-" at the start: a thread group's own name may hold a colon or a dash further on. */
    private static final Pattern PREFIX = Pattern.compile("^(\\S+?:\\d+)-");

    private JmeterEngines() {}

    /** The engine ("127.0.0.2:1099") a thread name starts with, or null when it names none. */
    static String engineOf(String threadName) {
        Matcher m = PREFIX.matcher(threadName);
        return m.find() ? m.group(1) : null;
    }

    /** Each engine's samples and the total, when more than one engine sent the run's samples. */
    static Optional<LoadGenerators> generators(
            String protocol, String plan, Map<String, GeneratorTally> engines, Summary.Row total) {
        if (engines.size() < 2) {
            return Optional.empty();
        }
        List<Generator> parts = new ArrayList<>();
        engines.forEach((engine, tally) -> parts.add(tally.build(engine)));
        long errors = Math.round(total.samples() * total.errorPct() / 100);
        long first = parts.stream().mapToLong(Generator::firstEpochMs).min().orElse(0);
        long last = parts.stream().mapToLong(Generator::lastEpochMs).max().orElse(0);
        return Optional.of(new LoadGenerators(
                "jmeter",
                protocol,
                plan,
                "engine",
                engines.size(),
                List.copyOf(parts),
                new Generator("total", total.samples(), errors, first, last, total.throughputPerSec())));
    }
}
