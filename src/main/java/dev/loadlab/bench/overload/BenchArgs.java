package dev.loadlab.bench.overload;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver's arguments, {@code name=value}, as bench/server-overload.sh hands on its environment variables.
 * They size the load, so they are not loadlab settings; the server's own limits come from {@code -Dserver.*}.
 * A bad one stops the driver with one line naming it and what is allowed, before any load.
 */
final class BenchArgs {
    /** Name, default, minimum, maximum; the script's variable is the name in upper snake case. */
    private static final Map<String, long[]> NUMBERS = new LinkedHashMap<>();

    static {
        NUMBERS.put("connections", new long[] {11_500, 1, 100_000});
        NUMBERS.put("holdMs", new long[] {3_000, 1, 600_000});
        NUMBERS.put("bodyClients", new long[] {32, 1, 10_000});
        NUMBERS.put("bodySeconds", new long[] {10, 1, 3_600});
        NUMBERS.put("slowClients", new long[] {2_000, 1, 100_000});
        NUMBERS.put("neverReadClients", new long[] {2_000, 1, 100_000});
        NUMBERS.put("answerKb", new long[] {8_192, 1, 10_240}); // past the 4 MiB a kernel buffers on each side
        NUMBERS.put("h2Connections", new long[] {200, 1, 10_000});
        NUMBERS.put("h2Streams", new long[] {200, 1, 10_000});
        NUMBERS.put("serverPid", new long[] {0, 1, Long.MAX_VALUE});
    }

    static final List<String> SCENARIOS =
            List.of("connections", "bodies", "slow-heads", "slow-bodies", "never-read", "h2c");

    private final Map<String, String> given = new HashMap<>();

    BenchArgs(String[] args) {
        for (String arg : args) {
            int eq = arg.indexOf('=');
            String name = eq > 0 ? arg.substring(0, eq) : arg;
            if (eq < 0 || (!NUMBERS.containsKey(name) && !name.equals("url") && !name.equals("scenarios"))) {
                throw new IllegalArgumentException("unknown argument '" + arg + "'; allowed: url=, scenarios=, "
                        + String.join("=, ", NUMBERS.keySet()) + "=");
            }
            given.put(name, arg.substring(eq + 1));
        }
        NUMBERS.keySet().forEach(this::number); // every one checked now, not halfway through the load
        url();
        scenarios();
    }

    long number(String name) {
        long[] spec = NUMBERS.get(name);
        String v = given.get(name);
        if (v == null && spec[0] >= spec[1]) {
            return spec[0];
        }
        try {
            long n = Long.parseLong(v == null ? "" : v.trim());
            if (n >= spec[1] && n <= spec[2]) {
                return n;
            }
        } catch (NumberFormatException bad) {
            // the line below says what is allowed
        }
        throw new IllegalArgumentException(
                name + " must be a whole number from " + spec[1] + " to " + spec[2] + ", got '" + v + "'");
    }

    int integer(String name) {
        return Math.toIntExact(number(name));
    }

    /** The server's plain port, e.g. http://127.0.0.1:8080; only loopback. */
    java.net.InetSocketAddress url() {
        String v = given.getOrDefault("url", "");
        java.net.URI uri;
        try {
            uri = java.net.URI.create(v);
        } catch (IllegalArgumentException bad) {
            uri = null;
        }
        if (uri == null || !"http".equals(uri.getScheme()) || !"127.0.0.1".equals(uri.getHost()) || uri.getPort() < 1) {
            throw new IllegalArgumentException(
                    "url must be http://127.0.0.1:<port> (the server's plain port), got '" + v + "'");
        }
        return new java.net.InetSocketAddress(uri.getHost(), uri.getPort());
    }

    List<String> scenarios() {
        String v = given.getOrDefault("scenarios", "all");
        if (v.equals("all")) {
            return SCENARIOS;
        }
        List<String> chosen = List.of(v.split(","));
        for (String s : chosen) {
            if (!SCENARIOS.contains(s)) {
                throw new IllegalArgumentException("scenarios must be all or a comma list of "
                        + String.join(", ", SCENARIOS) + ", got '" + v + "'");
            }
        }
        return chosen;
    }
}
