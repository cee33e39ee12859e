package dev.loadlab.settings;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A properties file one step of the build wrote for the next (build.properties, target.properties, the wire check's):
 * read whole, and empty where that step did not run.
 */
public final class PropertyFile {
    private PropertyFile() {}

    public static Properties read(Path file) throws IOException {
        Properties p = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file)) {
                p.load(in);
            }
        }
        return p;
    }
}
