package dev.loadlab.steps;

import dev.loadlab.shared.Trees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The plans a build runs, in one folder, {@code target/loadlab/jmeter}: the studies' (from loadlab's jar, where a
 * team's project finds them by name; from target/classes in loadlab's own build), with the project's {@code jmeter/}
 * over them (its own plans, their files, its {@code conf/}). Every later step reads this folder: the runs' copies of
 * each wire, JMeter's bin/, the JMeter homes' tuning.properties, the engines' properties.
 * <p>
 * A study is there by name, not by copy: a file of the project's that has a study file's name and other contents is
 * refused, except under {@code conf/}, JMeter's own settings, where the project's wins.
 */
final class StudyPlans {
    /** Where loadlab's pom puts jmeter/ on the class path. */
    static final String RESOURCE = "/dev/loadlab/studies/jmeter";
    /** The project's own, overlaid: JMeter's log and other settings of the team's. */
    private static final String CONF = "conf";

    private StudyPlans() {}

    /** The merged folder under the build's target/. */
    static Path folder(Path target) {
        return target.resolve("loadlab").resolve("jmeter");
    }

    /** Writes the merged folder anew; one line for each project file that clashes with a study's. */
    static List<String> merge(Path basedir, Path target) throws IOException {
        Path out = folder(target);
        Trees.delete(out);
        Files.createDirectories(out);
        copyStudies(out);
        dropOwnPlans(out);
        Path own = basedir.resolve("jmeter");
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(own)) {
            return problems;
        }
        try (Stream<Path> files = Files.walk(own)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path relative = own.relativize(file);
                Path study = out.resolve(relative.toString());
                if (Files.exists(study) && !relative.startsWith(CONF) && Files.mismatch(file, study) != -1) {
                    problems.add("jmeter/" + relative + " has the name of a file of loadlab's studies and other"
                            + " contents: rename it (the studies run by name: -Dexperiments=<study>)");
                    continue;
                }
                Files.createDirectories(study.getParent());
                Files.copy(file, study, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return problems;
    }

    /**
     * loadlab's jar holds its tree's jmeter/, so a plan of no study's added there (a team's, in a copy of this tree)
     * travels with the studies': it is the project's, and comes back from its jmeter/ below.
     */
    private static void dropOwnPlans(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            for (Path plan : files.filter(f -> f.getFileName().toString().endsWith(".jmx"))
                    .toList()) {
                if (Runs.experimentOf(plan).isEmpty()) {
                    Files.delete(plan);
                }
            }
        }
    }

    private static void copyStudies(Path out) throws IOException {
        URL url = StudyPlans.class.getResource(RESOURCE);
        if (url == null) {
            throw new IllegalStateException("the studies' plans (" + RESOURCE + ") are not on the class path: build"
                    + " loadlab with mvn install, or name dev.loadlab:loadlab in the project's dependencies");
        }
        URI uri = toUri(url);
        if (!uri.getScheme().equals("jar")) {
            Trees.copy(Path.of(uri), out);
            return;
        }
        // jar:file:/.../loadlab-<version>.jar!/dev/...: a file system of its own, not the provider's shared one
        String spec = uri.getRawSchemeSpecificPart();
        Path jarFile = Path.of(URI.create(spec.substring(0, spec.indexOf("!/"))));
        try (FileSystem jar = FileSystems.newFileSystem(jarFile)) {
            Trees.copy(jar.getPath(RESOURCE), out);
        }
    }

    private static URI toUri(URL url) {
        try {
            return url.toURI();
        } catch (URISyntaxException e) {
            throw new UncheckedIOException(new IOException("not a path: " + url, e));
        }
    }
}
