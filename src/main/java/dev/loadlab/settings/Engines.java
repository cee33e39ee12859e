package dev.loadlab.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code jmeter.engines}: the JMeter engines a distributed run uses, each {@code host:port} as the engine was started
 * with ({@code bin/loadlab-engine.sh --host H --port P}). Its RMI registry listens on P and its engine object on P+1,
 * so P is at most 65534. Also the one rule of {@code jmeter.rmiTls}: RMI without TLS only where no byte leaves the
 * machine, i.e. when every engine (and so the controller's address for them) is on loopback.
 */
public record Engines(List<Engine> list) {
    public static final int MAX_PORT = 65_534;
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern NAME = Pattern.compile(
            "(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");

    public record Engine(String host, int port) {
        /** As JMeter's -R takes it, and as it names the engine in each sample's thread name. */
        @Override
        public String toString() {
            return host + ":" + port;
        }

        public boolean loopback() {
            return isLoopback(host);
        }
    }

    /** The engines of a non-empty list, or empty when any item is not host:port. Duplicates are refused too. */
    public static Optional<Engines> parse(String value) {
        List<Engine> out = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            String s = item.strip();
            int colon = s.lastIndexOf(':');
            if (colon <= 0 || !isHost(s.substring(0, colon))) {
                return Optional.empty();
            }
            String port = s.substring(colon + 1);
            if (!Values.integerIn(port, 1, MAX_PORT)) {
                return Optional.empty();
            }
            Engine engine = new Engine(s.substring(0, colon), Integer.parseInt(port));
            if (out.contains(engine)) {
                return Optional.empty();
            }
            out.add(engine);
        }
        return Optional.of(new Engines(List.copyOf(out)));
    }

    /** An IPv4 address or a DNS name (no IPv6: JMeter's -R list is split on ':' too). */
    public static boolean isHost(String host) {
        var ip = IPV4.matcher(host);
        if (ip.matches()) {
            for (int i = 1; i <= 4; i++) {
                if (Integer.parseInt(ip.group(i)) > 255) {
                    return false;
                }
            }
            return true;
        }
        return !host.chars().allMatch(c -> c == '.' || Character.isDigit(c))
                && NAME.matcher(host).matches();
    }

    /** 127.0.0.0/8 or the name localhost: decided from the text, never by asking a resolver. */
    public static boolean isLoopback(String host) {
        var ip = IPV4.matcher(host);
        return host.equalsIgnoreCase("localhost")
                || (ip.matches() && ip.group(1).equals("127") && isHost(host));
    }

    public boolean allLoopback() {
        return list.stream().allMatch(Engine::loopback);
    }

    /** JMeter's -R value. */
    public String serverList() {
        return String.join(",", list.stream().map(Engine::toString).toList());
    }

    /**
     * The distributed run's problems, one line each, before any load: no engine while the profile is on, RMI without
     * TLS off loopback, or no controller address the engines could reach.
     */
    public static List<String> problems(Settings settings, boolean distributed) {
        List<String> lines = new ArrayList<>();
        String given = settings.get(JmeterKnobs.ENGINES);
        if (given.isEmpty()) {
            if (distributed) {
                lines.add("-P" + "distributed needs -D" + JmeterKnobs.ENGINES.name() + ": expected "
                        + JmeterKnobs.ENGINES.allowed() + ", e.g. 127.0.0.2:4000,127.0.0.3:4001");
            }
            return lines;
        }
        Engines engines = parse(given).orElseThrow(); // checked by the setting itself
        boolean tls = Boolean.parseBoolean(settings.get(JmeterKnobs.RMI_TLS));
        String controller = settings.get(JmeterKnobs.CONTROLLER_HOST);
        if (!tls && !(engines.allLoopback() && (controller.isEmpty() || isLoopback(controller)))) {
            lines.add("-D" + JmeterKnobs.RMI_TLS.name() + "=false is not allowed: expected true unless every engine"
                    + " (and -D" + JmeterKnobs.CONTROLLER_HOST.name() + ") is on loopback (127.0.0.0/8); off it RMI"
                    + " runs over TLS");
        }
        if (controller.isEmpty() && !engines.allLoopback()) {
            lines.add("-D" + JmeterKnobs.CONTROLLER_HOST.name() + " is needed: expected "
                    + JmeterKnobs.CONTROLLER_HOST.allowed() + " (engines off loopback send their samples back to it)");
        }
        return lines;
    }

    /** The controller's address for the engines: as given, or 127.0.0.1 for loopback engines. */
    public static String controllerHost(Settings settings) {
        String given = settings.get(JmeterKnobs.CONTROLLER_HOST);
        return given.isEmpty() ? "127.0.0.1" : given;
    }
}
