package dev.loadlab.steps.control;

import dev.loadlab.settings.PropertyFile;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.settings.Wire;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Once the target is up, before any load: each wire a tool of this build would run (build.properties) is probed once
 * ({@link WireProbe}). A wire the target does not speak is left out, with one line here and in
 * {@link Wire#CHECK_FILE}, which Maven (pom.xml, read-target) and the report read. A wire named in {@code -Dwires} that the
 * target does not speak stops the build instead, before any load.
 */
final class WireCheck {
    static final List<String> TOOLS = List.of("gatling", "jmeter");

    private WireCheck() {}

    /** Probes the build's wires; false when a wire -Dwires chose is not spoken (the line is printed). */
    static boolean run(Settings settings, BuildFiles files, String url, String tlsUrl) throws IOException {
        Properties build = PropertyFile.read(files.buildFile());
        Map<String, String> out = new LinkedHashMap<>();
        boolean chosen = settings.isGiven(TargetKnobs.WIRES);
        boolean ok = true;
        for (Wire wire : planned(build)) {
            String base = wire.tls ? tlsUrl : url;
            Optional<String> refusal = WireProbe.refusal(wire, URI.create(base));
            if (refusal.isEmpty()) {
                continue;
            }
            String line = wire.id + ": " + UrlMask.mask(base) + " " + refusal.get();
            if (chosen) {
                System.err.println("loadlab: -D" + TargetKnobs.WIRES.name() + "=" + settings.get(TargetKnobs.WIRES)
                        + ": " + line + "; no load was sent");
                ok = false;
                continue;
            }
            System.out.println("loadlab: " + line + "; left out");
            TOOLS.forEach(tool -> out.put(wire.skipFlag(tool), "true"));
            out.put(Wire.LEFT_OUT + wire.id, line + "; left out");
        }
        files.writeWireCheck(out);
        return ok;
    }

    /** The wires some tool of this build runs: those build.properties does not skip for every tool. */
    static List<Wire> planned(Properties build) {
        return Stream.of(Wire.values())
                .filter(w -> TOOLS.stream()
                        .anyMatch(tool -> !Boolean.parseBoolean(build.getProperty(w.skipFlag(tool), "true"))))
                .toList();
    }
}
