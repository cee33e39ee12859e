package dev.loadlab.build;

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

    public static void write(Path jar, Class<?> agent) throws IOException {
        Files.createDirectories(jar.toAbsolutePath().getParent());
        String entry = agent.getName().replace('.', '/') + ".class";
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Premain-Class", agent.getName());
        try (InputStream in = agent.getResourceAsStream("/" + entry);
                JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
    }
}
