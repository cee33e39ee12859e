package dev.loadlab.steps;

import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * prepare-package, before jmeter:configure: JMeter writes its dashboard only into an empty folder, and every jmeter:configure makes a new ~86 MB JMeter home
 * named by a UUID under target/: clearing both lets a second verify run without clean and keeps target/ from growing.
 * It clears the previous build's run starts ({@link Progress}), stops (dev.loadlab.live.Stops) and replayed requests
 * (dev.loadlab.replay.ReplayLog): this phase runs
 * once a build, before the first
 * load, where Prepare runs again in each of Gatling's forked lifecycles.
 */
public final class JmeterRuns {
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    private JmeterRuns() {}

    public static void main(String[] args) throws IOException {
        clear(Path.of(args.length > 0 ? args[0] : "target"));
    }

    static void clear(Path target) throws IOException {
        Trees.delete(target.resolve("jmeter"));
        Files.deleteIfExists(target.resolve("config.json"));
        Files.deleteIfExists(target.resolve("loadlab").resolve(Progress.FILE));
        Files.deleteIfExists(target.resolve("loadlab").resolve(dev.loadlab.live.Stops.FILE));
        Files.deleteIfExists(target.resolve("loadlab").resolve(dev.loadlab.replay.ReplayLog.FILE));
        if (!Files.isDirectory(target)) {
            return;
        }
        try (Stream<Path> children = Files.list(target)) {
            for (Path child : children.filter(
                            p -> UUID.matcher(p.getFileName().toString()).matches())
                    .toList()) {
                Trees.delete(child);
            }
        }
    }
}
