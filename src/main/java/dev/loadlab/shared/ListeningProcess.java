package dev.loadlab.shared;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The process that listens on a loopback port, read from Linux's /proc as a container's metrics are read from
 * outside it: its CPU time and its resident memory. The gateway study's CPU and memory columns for a target of yours
 * on this machine that has no loadlab /metrics (Apollo Gateway, scripts/apollo-gateway.mjs). Empty where /proc is not
 * there (not Linux) or the socket's process is not ours to read.
 */
public record ListeningProcess(long pid) {
    private static final String LISTEN = "0A"; // TCP_LISTEN in /proc/net/tcp's st column

    /** The process with a listening TCP socket on {@code port} (IPv4 or IPv6), if this user may see it. */
    public static Optional<ListeningProcess> onPort(int port) {
        String inode = listeningInode(port);
        if (inode == null) {
            return Optional.empty();
        }
        String socket = "socket:[" + inode + "]";
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path process : processes) {
                if (holds(process.resolve("fd"), socket)) {
                    return Optional.of(new ListeningProcess(
                            Long.parseLong(process.getFileName().toString())));
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /** CPU time of all its threads so far, in ns; -1 once it has ended. */
    public long cpuNanos() {
        return ProcessHandle.of(pid)
                .flatMap(p -> p.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    /** Its resident memory (VmRSS) in bytes; -1 once it has ended. */
    public long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return 1024 * Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    private static String listeningInode(int port) {
        String local = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(table))) {
                    String[] f = line.trim().split("\\s+");
                    // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
                    if (f.length > 9 && f[1].endsWith(local) && LISTEN.equals(f[3])) {
                        return f[9];
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no such table here (no IPv6, or not Linux): the other one may hold it
            }
        }
        return null;
    }

    private static boolean holds(Path fds, String socket) {
        try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
            for (Path link : links) {
                if (socket.equals(Files.readSymbolicLink(link).toString())) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            return false; // another user's process, or one that just ended
        }
        return false;
    }
}
