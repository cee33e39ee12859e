package dev.loadlab.steps;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Java agent's class alone in a jar of its own: an agent's jar joins the system class path, where JMeter's classes
 * are not (JMeter loads them and lib/ext in a loader of its own), so the project's jar as agent would shadow the
 * sampler's classes with copies that cannot see JMeter. The agent class must need the JDK only.
 */
public final class AgentJar {
    private AgentJar() {}

    /** A jar of {@code agent} (its Premain-Class) and {@code beside}, the classes it uses; none may be nested. */
    public static void write(Path jar, Class<?> agent, Class<?>... beside) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", agent.getName());
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            add(out, agent);
            for (Class<?> c : beside) {
                add(out, c);
            }
        }
    }

    private static void add(JarOutputStream out, Class<?> c) throws IOException {
        String entry = c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
