package dev.loadlab.outside;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One run of an installed command-line tool, bounded in time, its output saved to a file (or dropped). */
public final class Tool {
    /** Longer than any smoke or full run of the tools here; a tool past it is killed, not waited for. */
    private static final long LIMIT_SECONDS = 15 * 60;

    private Tool() {}

    /**
     * Runs {@code command} and saves what it printed to {@code output} (null: dropped, e.g. a warm-up).
     *
     * @return false when the tool is not installed (said in one line) or did not finish with status 0
     */
    public static boolean run(String name, List<String> command, Path output) throws IOException, InterruptedException {
        Process process;
        Path log = Files.createTempFile("loadlab-" + name, ".txt");
        try {
            try {
                process = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
            } catch (IOException notInstalled) {
                System.out.println("loadlab: " + name + " is not installed; its outside reference is left out");
                return false;
            }
            if (!process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
                System.out.println("loadlab: " + name + " did not finish within " + LIMIT_SECONDS + " s: killed");
                return false;
            }
            if (process.exitValue() != 0) {
                System.out.println("loadlab: " + name + " exited with " + process.exitValue() + ": "
                        + Files.readString(log)
                                .strip()
                                .lines()
                                .reduce((a, b) -> b)
                                .orElse(""));
                return false;
            }
            if (output != null) {
                Files.copy(log, output, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            return true;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
