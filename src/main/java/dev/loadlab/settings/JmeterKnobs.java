package dev.loadlab.settings;

import static dev.loadlab.settings.Setting.Part.JMETER;

import java.util.List;

/**
 * The JMeter plans' knobs. Plans read them by these same names with {@code ${__P(name)}}: the build writes them into
 * the properties file JMeter is started with, so a plan holds no default of its own.
 */
public final class JmeterKnobs {
    private JmeterKnobs() {}

    private static final Knobs jmeter = new Knobs(JMETER);

    /** Iterations per user: -1 repeats until the thread group's duration ends. */
    public static final Setting PLAN = jmeter.text(
            "jmeter.plan",
            "the name of a plan in jmeter/ (without .jmx) or *",
            v -> v.matches("\\*|[A-Za-z0-9_.-]+"),
            "*",
            "",
            "which plan runs; * runs every plan in jmeter/");
    /** Issue 28's decision: the default build's JMeter meets Gatling on its two wires; CI's long checks run all four. */
    public static final Setting CLEARTEXT = jmeter.bool(
            "jmeter.cleartext",
            false,
            "JMeter also on the cleartext wires (HTTP/1.1 and h2c) of a target that has TLS, as -Plong-checks does; off:"
                    + " the TLS pair, as Gatling (-Dwires names wires of either kind)");

    public static final Setting TIMEOUT_MS = jmeter.integer(
            "jmeter.timeoutMs", 1, 3_600_000, 30_000, "ms", "connect and response timeout of each sample");
    public static final Setting TRUSTED_CERTIFICATE = jmeter.pemFile(
            "jmeter.trustedCertificate",
            "PEM certificate the HTTP/2 sampler trusts; empty: the JVM's (the build sets the embedded server's)");

    public static final Setting HEAP_MB =
            jmeter.integer("jmeter.heapMb", 128, 65_536, 1024, "MiB", "JMeter's fixed heap (no resizing under load)");
    public static final Setting GC_ARG = jmeter.text(
            "jmeter.gcArg",
            "a JVM option such as -XX:+UseParallelGC",
            v -> v.startsWith("-XX:"),
            "-XX:+UseParallelGC",
            "",
            "JMeter's garbage collector (bench/jmeter-vs-wrk.sh)");

    /**
     * C2 compiling JMeter's hot paths took about 3 s of the 2 cores' CPU in each of the latency plan's JVMs, and the
     * study's 10x1000 plain run made 0.76-0.82 of ab's rate where C1 alone made 0.90-0.91 (bench/plain-vs-ab.sh).
     */
    public static final Setting JIT_TIER = jmeter.jitTier("jmeter.jitTier", "JMeter's JVM");

    // ---- remote engines (-Pdistributed, docs/jmeter.md#remote-engines) ----

    public static final Setting ENGINES = jmeter.text(
            "jmeter.engines",
            "a comma-separated list of host:port (an IPv4 address or a host name, a port in [1, 65534])",
            v -> v.isEmpty() || Engines.parse(v).isPresent(),
            "",
            "",
            "the JMeter engines -Pdistributed runs the plans on (each started with bin/loadlab-engine.sh); empty: none");
    public static final Setting RMI_TLS = jmeter.bool(
            "jmeter.rmiTls",
            true,
            "RMI between controller and engines over TLS with the build's keystore; false only when every engine is on loopback");
    public static final Setting CONTROLLER_HOST = jmeter.text(
            "jmeter.controllerHost",
            "an IPv4 address or host name of this machine that every engine can reach",
            v -> v.isEmpty() || Engines.isHost(v),
            "",
            "",
            "address the controller listens on for the engines' samples; empty: 127.0.0.1 when every engine is on loopback");
    public static final Setting CONTROLLER_PORT = jmeter.integer(
            "jmeter.controllerPort",
            0,
            65_533,
            0,
            "port",
            "first of the three ports the controller listens on for the engines (client.rmi.localport, + 1, + 2); 0: any free ones");

    /** What the plans read with ${__P(...)} beside each study's own (Study#planProperties). */
    public static final List<Setting> PLAN_PROPERTIES = List.of(TIMEOUT_MS);

    static final List<Setting> ALL = jmeter.all();
}
