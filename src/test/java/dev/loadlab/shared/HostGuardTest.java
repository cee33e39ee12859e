package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.Reach;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostGuardTest {
    private final HostGuard guard =
            new HostGuard(Reach.parse("target=127.0.0.1:8443,target=127.0.0.1:8080,api=api.example.com:443"));

    @Test
    void shouldAdmitEachHostOfTheReachUnderItsTargetAndCountIt() {
        assertEquals("target", guard.admit("https", "127.0.0.1", 8443));
        assertEquals("target", guard.admit("http", "127.0.0.1", 8080));
        assertEquals("api", guard.admit("https", "API.Example.com", -1), "the scheme's port; names in any case");

        assertEquals(Map.of("target", 2L, "api", 1L), guard.sent());
        assertEquals(Map.of(), guard.blocked());
    }

    @Test
    void shouldRefuseAnotherPortOrHostNamingItAndCountIt() {
        HostGuard.BlockedHost port =
                assertThrows(HostGuard.BlockedHost.class, () -> guard.admit("http", "127.0.0.1", 9999));
        assertThrows(HostGuard.BlockedHost.class, () -> guard.admit("http", "127.0.0.1", 9999));
        HostGuard.BlockedHost host =
                assertThrows(HostGuard.BlockedHost.class, () -> guard.admit("https", "shop.example.com", 0));

        assertEquals("127.0.0.1:9999", port.host);
        assertTrue(host.getMessage().startsWith("blocked host shop.example.com:443 ("), host.getMessage());
        assertEquals(Map.of("127.0.0.1:9999", 2L, "shop.example.com:443", 1L), guard.blocked());
        assertEquals(Map.of("target", 0L, "api", 0L), guard.sent());
    }

    @Test
    void shouldWriteItsCountsAsTheReportReadsThem() {
        guard.admit("https", "api.example.com", 443);
        assertThrows(HostGuard.BlockedHost.class, () -> guard.admit("http", "elsewhere", 80));

        List<String> lines = guard.countLines();

        assertEquals(List.of("target\tapi\t1", "target\ttarget\t0", "blocked\telsewhere:80\t1"), lines);
        assertEquals(Map.of("api", 1L, "target", 0L, "blocked host elsewhere:80", 1L), HostGuard.readCounts(lines));
    }
}
