package dev.loadlab.shared;

import dev.loadlab.settings.Reach;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What each tool asks before a request leaves it: does it go to a host of the {@link Reach}? A request that does is
 * counted under its target; one that does not is refused with {@link BlockedHost} and counted under its host, so that
 * the report can say where each request went and what was not sent. It is asked once per request on the tools' hot
 * path: a host is looked up by its name and port without building a string or boxing a port.
 */
public final class HostGuard {
    /** Where a Gatling run of the build leaves its counts: {@code <wire's results>/reach/<Simulation>.tsv}. */
    public static final String COUNTS_DIR = "reach";

    /** Per host name as the reach holds it (lower case): its ports and their targets, side by side. */
    private final Map<String, Ports> byName = new java.util.HashMap<>();

    private final Map<String, LongAdder> sent = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> blocked = new ConcurrentHashMap<>();

    public HostGuard(Reach reach) {
        reach.targetByHost().forEach((host, target) -> {
            int colon = host.lastIndexOf(':');
            byName.computeIfAbsent(host.substring(0, colon), n -> new Ports())
                    .add(Integer.parseInt(host.substring(colon + 1)), target);
        });
        reach.targetByHost().values().forEach(t -> sent.put(t, new LongAdder()));
    }

    /**
     * The target of a request to {@code scheme://host:port} ({@code port} -1 or 0: the scheme's), counted; a host the
     * reach does not hold is counted and refused.
     *
     * @throws BlockedHost "blocked host host:port", the request not to be sent
     */
    public String admit(String scheme, String host, int port) {
        String target = targetOf(scheme, host, port);
        if (target == null) {
            String refused = Reach.host(scheme, host, port);
            blocked.computeIfAbsent(refused, h -> new LongAdder()).increment();
            throw new BlockedHost(refused);
        }
        sent.get(target).increment();
        return target;
    }

    /** The target {@code scheme://host:port} belongs to, not counted; null for a host of none. */
    public String targetOf(String scheme, String host, int port) {
        int p = port > 0 ? port : "https".equalsIgnoreCase(scheme) || "wss".equalsIgnoreCase(scheme) ? 443 : 80;
        Ports ports = byName.get(host);
        if (ports == null) {
            ports = byName.get(host.toLowerCase(Locale.ROOT));
        }
        return ports == null ? null : ports.targetOf(p);
    }

    /** Requests admitted, by target (every target of the reach, 0 where none went). */
    public Map<String, Long> sent() {
        return snapshot(sent);
    }

    /** Requests refused, by host. */
    public Map<String, Long> blocked() {
        return snapshot(blocked);
    }

    private static Map<String, Long> snapshot(Map<String, LongAdder> counts) {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /**
     * The lines of a run's counts ({@code target<TAB>api<TAB>120}, {@code blocked<TAB>example.org:443<TAB>3}), which
     * the report reads back ({@link #readCounts}).
     */
    public List<String> countLines() {
        List<String> lines = new ArrayList<>();
        sent().forEach((target, n) -> lines.add("target\t" + target + "\t" + n));
        blocked().forEach((host, n) -> lines.add("blocked\t" + host + "\t" + n));
        return lines;
    }

    /** What {@link #countLines()} wrote: requests by target; a blocked host's under "blocked host host:port". */
    public static Map<String, Long> readCounts(List<String> lines) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.split("\t");
            if (f.length == 3 && f[2].matches("\\d+")) {
                out.merge((f[0].equals("blocked") ? BlockedHost.PREFIX : "") + f[1], Long.parseLong(f[2]), Long::sum);
            }
        }
        return out;
    }

    /** The ports of one host name, few enough to scan. */
    private static final class Ports {
        private int[] ports = new int[0];
        private String[] targets = new String[0];

        void add(int port, String target) {
            ports = java.util.Arrays.copyOf(ports, ports.length + 1);
            targets = java.util.Arrays.copyOf(targets, targets.length + 1);
            ports[ports.length - 1] = port;
            targets[targets.length - 1] = target;
        }

        String targetOf(int port) {
            for (int i = 0; i < ports.length; i++) {
                if (ports[i] == port) {
                    return targets[i];
                }
            }
            return null;
        }
    }

    /**
     * A request to a host no one named, refused before it is sent. Its message is what both tools record as the
     * failure, which the report counts as the error kind "blocked host host:port". No stack trace: it is an answer,
     * not a fault of the code, and it may come once per request.
     */
    public static final class BlockedHost extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public static final String PREFIX = "blocked host ";

        public final String host;

        public BlockedHost(String host) {
            super(
                    PREFIX + host + " (no target of this build is there: docs/own-scenarios.md#where-load-goes)",
                    null,
                    false,
                    false);
            this.host = host;
        }
    }
}
