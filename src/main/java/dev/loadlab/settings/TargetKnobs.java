package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.TARGET;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What every part shares: the target, the scale, the protocol of one run. */
public final class TargetKnobs {
    private TargetKnobs() {}

    private static final Knobs target = new Knobs(TARGET);

    /**
     * Not a knob: what the build writes to target.properties, + a wire's id, where it started a cold target for the
     * latency study's cold run on that wire (dev.loadlab.studies.latency.LatencyStudy#companions); read with Settings.written.
     */
    public static final String COLD_URL_PREFIX = "target.coldUrl.";

    /**
     * Not knobs: what every JMeter run reads beside {@code target.url}, split as HTTP Request Defaults take it (a plan as
     * JMeter users write it: {@code ${__P(target.host)}}); the port is the scheme's default where the URL names none,
     * the base path has no trailing slash. All empty for an empty URL.
     */
    public static Map<String, String> urlParts(String url) {
        Map<String, String> parts = new LinkedHashMap<>();
        String host = "", port = "", scheme = "", basePath = "";
        if (!url.isBlank()) {
            URI uri = URI.create(url.strip());
            scheme = uri.getScheme();
            host = uri.getHost();
            port = Integer.toString(uri.getPort() > 0 ? uri.getPort() : "https".equals(scheme) ? 443 : 80);
            basePath = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
        }
        parts.put("target.host", host);
        parts.put("target.port", port);
        parts.put("target.scheme", scheme);
        parts.put("target.basePath", basePath);
        return parts;
    }

    public static final Setting SCALE = target.oneOf(
            "scale",
            List.of("smoke", "full"),
            "smoke",
            "smoke: seconds per run (the build's default); full: the studies' users, durations and sizes where they gave them (-Pfull)");
    /**
     * The studies' cells run again within one build, so that their spread shows (a gateway knee of 90, 88 and 80 on
     * three days, one run each, said nothing of how far one run is from the next). Both tools and ab read it; the bulk
     * bench runs once.
     */
    public static final Setting REPEATS = target.integer(
            "repeats",
            1,
            20,
            1,
            "",
            "how many times each study's cells run in one build: Gatling's gateway search per latency and write table,"
                    + " one repeat after the other, and each ab run of the latency study in a row (Gatling, JMeter and ab"
                    + " itself); the report gives each figure's median, least and most, compare.html the median (the bulk"
                    + " bench runs once)");

    public static final Setting URL = target.url(
            "target.url", "", "base URL every tool loads; empty: the embedded reference server on free loopback ports");
    public static final Setting TLS_URL =
            target.url("target.tlsUrl", "", "https base URL of the HTTP/2 runs (h2 through ALPN); empty: target.url");
    public static final Setting CERTIFICATE = target.pemFile(
            "target.certificate",
            "PEM certificate every tool trusts for target.tlsUrl (a self-signed target); empty: the JDK's CAs");
    public static final Setting WAIT_SECONDS = target.integer(
            "target.waitSeconds",
            1,
            3600,
            60,
            "s",
            "how long the build waits for the target to answer before it stops with one line");
    public static final Setting PROBE_TIMEOUT_MS = target.integer(
            "target.probeTimeoutMs",
            100,
            60_000,
            3000,
            "ms",
            "timeout of each of the three /health probes a Gatling simulation sends before its load (an answer ends"
                    + " them)");
    public static final Setting PROTOCOL = target.oneOf(
            "protocol",
            List.of("http1", "http2"),
            "http1",
            "HTTP version of one Gatling or JMeter run (mvn verify runs both): http1, or http2 (h2 over TLS, h2c over http://)");

    /**
     * Empty: every wire the tools would run that the target speaks, each probed once before any load; given: exactly
     * these, and one the target does not speak stops the build before any load.
     */
    public static final Setting WIRES = target.someOf(
            "wires",
            Wire.ids(),
            "",
            "the wires the tools run on (http1 and h2c on target.url, http1-tls and h2 on target.tlsUrl); empty: the"
                    + " TLS pair (JMeter also the cleartext pair with jmeter.cleartext), or the cleartext pair of a"
                    + " cleartext-only target, each probed once before load and left out where the target does not"
                    + " speak it; a chosen wire the target does not speak stops the build before any load");

    /** Maven's own switch: a load-test suite's tests are its load runs, so it skips them too. */
    public static final Setting SKIP_TESTS = target.bool(
            "skipTests",
            false,
            "Maven's switch (mvn install -DskipTests): no unit test and no load; the jar, the JMeter homes and the engine"
                    + " folder are still made");

    static final List<Setting> ALL = target.all();
}
