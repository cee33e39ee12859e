package dev.loadlab.steps.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.loadlab.settings.SettingError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** gateway.capCpu: a busy process held to its quota by the machine's CPU controller, or one line where there is none. */
class CpuCapIT {
    private static final String SETTING = "gateway.capCpu";

    @Test
    void shouldHoldABusyProcessToItsMillicoresAndRemoveItsGroupOnceItEnded(@TempDir Path dir) throws Exception {
        CpuCap cap = CpuCap.ofThisMachine();
        boolean allowed;
        try {
            cap.check(SETTING);
            allowed = true;
        } catch (SettingError notHere) {
            allowed = false;
        }
        assumeTrue(allowed, "no CPU controller this process may write: the refusal is tested below");
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            Path group = cap.apply(busy.pid(), 200, dir, SETTING);
            Duration before = cpu(busy);
            Thread.sleep(2_000);
            Duration used = cpu(busy).minus(before);
            // 200 millicores over 2 s is 0.4 s of CPU; uncapped, the loop takes a whole core (up to 2 s)
            assertTrue(used.toMillis() <= 600, "used " + used.toMillis() + " ms of CPU in 2 s at 200 millicores");
            busy.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            Thread.sleep(200); // the kernel lets the group go once its last task has gone
            CpuCap.remove(dir);
            assertFalse(Files.exists(group), group + " must be gone");
            assertFalse(Files.exists(dir.resolve(CpuCap.GROUP_FILE)));
        } finally {
            busy.destroyForcibly();
        }
    }

    @Test
    void shouldRefuseInOneLineWhereTheMachineHasNoCpuController(@TempDir Path dir) throws Exception {
        Path selfCgroup = Files.writeString(dir.resolve("cgroup"), "0::/\n");
        CpuCap none = new CpuCap(Files.createDirectories(dir.resolve("sys")), selfCgroup);
        SettingError refused = assertThrows(SettingError.class, () -> none.apply(1, 2000, dir, SETTING));
        assertTrue(
                refused.getMessage().startsWith("-Dgateway.capCpu=true is not allowed here: expected a Linux CPU"),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("\n"));
    }

    private static Duration cpu(Process p) {
        return p.toHandle().info().totalCpuDuration().orElseThrow();
    }
}
