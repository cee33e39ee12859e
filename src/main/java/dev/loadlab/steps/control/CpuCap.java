package dev.loadlab.steps.control;

import dev.loadlab.settings.SettingError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Caps a process's CPU as a container's CPU limit does: a cgroup of its own under this process's, whose quota is
 * {@code millicores} / 1000 CPUs per 100 ms period (cgroup v2 {@code cpu.max}, or v1 {@code cpu.cfs_quota_us}), with
 * the process moved into it. Only where this process may create one (a writable CPU controller, usually as root);
 * elsewhere {@link #apply} refuses in one line. The group's path is kept in the process's directory, so that
 * {@link #remove} finds it once the process has ended.
 */
final class CpuCap {
    static final long PERIOD_US = 100_000;
    static final String GROUP_FILE = "cpu-cap.cgroup";

    private final Path cgroupRoot;
    private final Path selfCgroup;

    CpuCap(Path cgroupRoot, Path selfCgroup) {
        this.cgroupRoot = cgroupRoot;
        this.selfCgroup = selfCgroup;
    }

    static CpuCap ofThisMachine() {
        return new CpuCap(Path.of("/sys/fs/cgroup"), Path.of("/proc/self/cgroup"));
    }

    /**
     * Moves {@code pid} into a new group capped at {@code millicores}, named after the pid, and writes its path to
     * {@code dir}; {@code setting} names the knob in the one line that refuses a machine without a CPU controller.
     */
    Path apply(long pid, int millicores, Path dir, String setting) throws IOException {
        Controller controller = check(setting);
        removeLeftOvers(controller.parent());
        Path group = controller.parent().resolve("loadlab-" + pid);
        long quotaUs = Math.max(1_000, millicores * PERIOD_US / 1000);
        try {
            Files.createDirectories(group);
            if (controller.v2()) {
                Files.writeString(group.resolve("cpu.max"), quotaUs + " " + PERIOD_US);
            } else {
                Files.writeString(group.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
                Files.writeString(group.resolve("cpu.cfs_quota_us"), Long.toString(quotaUs));
            }
            Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
        } catch (IOException e) {
            Files.deleteIfExists(group);
            throw new SettingError("-D" + setting + "=true is not allowed here: expected a CPU controller this process"
                    + " may write (" + group + ": " + e.getMessage() + ")");
        }
        Files.writeString(dir.resolve(GROUP_FILE), group.toString());
        return group;
    }

    /** The controller a cap would use; a machine without one is refused in one line, before anything is started. */
    Controller check(String setting) throws IOException {
        return controller()
                .orElseThrow(() -> new SettingError("-D" + setting + "=true is not allowed here: expected a Linux CPU"
                        + " controller this process may write (cgroup v2 with cpu, or v1 cpu, under " + cgroupRoot
                        + "; usually as root)"));
    }

    /** Removes the group {@link #apply} made for the process of {@code dir} once that process has ended; none is fine. */
    static void remove(Path dir) throws IOException {
        Path file = dir.resolve(GROUP_FILE);
        if (Files.isRegularFile(file)) {
            Path group = Path.of(Files.readString(file).trim());
            // an empty group is removed with rmdir; its control files go with it
            if (!Files.exists(group) || group.toFile().delete()) {
                Files.delete(file);
            } else {
                System.err.println(
                        "loadlab: could not remove the CPU cap's cgroup " + group + " (a process left in it?)");
            }
        }
    }

    record Controller(Path parent, boolean v2) {}

    /** Groups of builds that were killed before their down: empty once their process ended, so rmdir takes them. */
    private static void removeLeftOvers(Path parent) throws IOException {
        try (var groups = Files.newDirectoryStream(parent, "loadlab-*")) {
            for (Path group : groups) {
                Path procs = group.resolve("cgroup.procs");
                if (Files.isRegularFile(procs) && Files.readString(procs).isBlank()) {
                    group.toFile().delete();
                }
            }
        }
    }

    /** Where a child group can be made: v2 with cpu in its controllers, else v1's cpu hierarchy; this process's group. */
    private Optional<Controller> controller() throws IOException {
        List<String> lines = Files.isRegularFile(selfCgroup) ? Files.readAllLines(selfCgroup) : List.of();
        for (String line : lines) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            Path controllers = cgroupRoot.resolve("cgroup.controllers");
            if (f[0].equals("0")
                    && Files.isRegularFile(controllers)
                    && List.of(Files.readString(controllers).trim().split("\\s+"))
                            .contains("cpu")) {
                Path parent = cgroupRoot.resolve(f[2].substring(1));
                if (Files.isWritable(parent.resolve("cgroup.subtree_control"))) {
                    Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu"); // children get cpu.max
                    return Optional.of(new Controller(parent, true));
                }
            }
            if (List.of(f[1].split(",")).contains("cpu")) {
                Path parent = cgroupRoot.resolve(f[1]).resolve(f[2].substring(1));
                if (Files.isWritable(parent) && Files.isRegularFile(parent.resolve("cpu.cfs_quota_us"))) {
                    return Optional.of(new Controller(parent, false));
                }
            }
        }
        return Optional.empty();
    }
}
