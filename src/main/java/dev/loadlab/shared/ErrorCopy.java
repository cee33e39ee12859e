package dev.loadlab.shared;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A copy of a JVM's standard error in a file, beside what the console shows: Gatling logs a simulation that crashes
 * (throws at start, cannot load) to standard error only, and the build's crash check ({@code GatlingCrashes}) reads
 * the cause back from the copy to say it in one line.
 */
public final class ErrorCopy {
    /** The copy's name in a Gatling run's results folder. */
    public static final String FILE = "stderr.log";

    private ErrorCopy() {}

    /** From now on, standard error goes to the console and to {@code file} (started anew). */
    public static synchronized void install(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        OutputStream copy = Files.newOutputStream(file);
        PrintStream console = System.err;
        System.setErr(new PrintStream(
                new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        console.write(b);
                        copy.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        console.write(b, off, len);
                        copy.write(b, off, len);
                    }

                    @Override
                    public void flush() throws IOException {
                        console.flush();
                        copy.flush();
                    }
                },
                true));
    }
}
