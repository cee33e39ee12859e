package dev.loadlab.report.model;

import java.util.List;

/**
 * Where a job's rows were measured: its name in a merge (empty for a build's own), the machine's host name, cores
 * and JVM, and the runs (simulations and plans) whose rows it holds.
 */
public record Runner(String job, String host, int cores, String jvm, List<String> runs) {
    /** The machine this JVM runs on, where the build's report is written: the one its load ran on. */
    public static Runner ofThisMachine(List<Summary.Row> rows) {
        return new Runner(
                "",
                hostName(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                runs(rows));
    }

    /** The kernel's name for this machine where Linux gives it, else the resolver's: no lookup on a CI runner. */
    private static String hostName() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/hostname"))
                    .strip();
        } catch (java.io.IOException | RuntimeException e) {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.io.IOException unknown) {
                return "unknown";
            }
        }
    }

    /** The runs (simulations and plans) the rows are of, each once, in their order. */
    public static List<String> runs(List<Summary.Row> rows) {
        return rows.stream().map(Summary.Row::run).distinct().toList();
    }

    /** The same machine, named as the job of a merge, with its runs as the merge names them. */
    public Runner asJob(String name, List<String> runs) {
        return new Runner(name, host, cores, jvm, runs);
    }
}
