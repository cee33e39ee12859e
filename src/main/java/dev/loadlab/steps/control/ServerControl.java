package dev.loadlab.steps.control;

import static dev.loadlab.settings.TargetKnobs.TLS_URL;
import static dev.loadlab.settings.TargetKnobs.URL;
import static dev.loadlab.settings.TargetKnobs.WAIT_SECONDS;

import dev.loadlab.server.FaultSettings;
import dev.loadlab.server.ServerSettings;
import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.shared.Trees;
import dev.loadlab.shared.TrustStore;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one way a build gets its target, and writes it down once. Both commands take
 * {@code -Dloadlab.resolved=target/loadlab/settings.properties} (see {@link BuildFiles}).
 * <ul>
 *   <li>{@code up}: without {@code target.url}, forks the reference server on free loopback ports, waits until
 *       it answers, and writes its certificate and a trust store of that certificate alone; the server exits
 *       when the process that ran this command (Maven) ends, so a killed build leaves nothing behind. With
 *       {@code target.url}, only checks that it answers. Either way it then writes {@code target.properties}
 *       beside the settings file: the URLs and what a tool must trust, read by Settings and by the build. Faults
 *       on purpose ({@code faults.*}) are set through the server's admin port once its contract check passed, so
 *       that the check itself never meets one. Before that, each wire the build runs is probed once, and one the
 *       target does not speak is left out ({@link WireCheck}). The build's live page starts meanwhile ({@link
 *       LivePageUp}).</li>
 *   <li>{@code down}: saves the server's own counts ({@link ServerCounts}), then stops the server {@code up}
 *       started, if any.</li>
 * </ul>
 * Exit status: 0 done, 1 the target does not answer, 2 a bad setting or usage.
 */
public final class ServerControl {
    static final String TRUST_STORE = "truststore.p12";
    static final String GATLING_TRUST_STORE = "gatling.ssl.trustStore.file";
    /** The embedded server's admin routes (faults at run time), for tests and scripts; empty for a user's target. */
    static final String ADMIN_URL = "target.adminUrl";

    private static final int TLS_PROBE_SECONDS = 5; // no long wait: the same server's plain port answered already
    /** Maven's switch that skips compiling the tests, Gatling's simulations among them (Prepare notes it). */
    public static final String MAVEN_TEST_SKIP = "maven.test.skip";

    private ServerControl() {}

    /** With the load on, -Dmaven.test.skip left Gatling nothing to run: one line, before any load. */
    static Optional<String> testSkipProblem(Settings settings) {
        return settings.written(MAVEN_TEST_SKIP)
                .filter(v -> !v.equalsIgnoreCase("false"))
                .map(v -> "-D" + MAVEN_TEST_SKIP + " is not allowed with the load: it skips compiling the Gatling"
                        + " simulations too; expected -DskipUnitTests (the load without loadlab's own tests) or"
                        + " -DskipTests (no test and no load)");
    }

    /**
     * {@code up} in a JVM of its own (exec:exec), which the servers watch, ended by System.exit; {@code down} in Maven's
     * (exec:java), which it returns to when the servers are down.
     */
    public static void main(String[] args) throws Exception {
        String mode = args.length == 1 ? args[0] : "";
        int code;
        try {
            code = switch (mode) {
                case "up" -> {
                    BuildFiles files = BuildFiles.fromSystem();
                    // Settings.fromSystem() merges target.properties: the last build's must not pass for this one's.
                    Files.deleteIfExists(files.targetFile());
                    yield up(Settings.fromSystem(), files, watchedPid());
                }
                case "down" -> down(BuildFiles.fromSystem());
                default -> usage();
            };
        } catch (SettingError badSetting) {
            System.err.println("loadlab: " + badSetting.getMessage());
            code = 2;
        }
        if (code != 0 || !mode.equals("down")) {
            System.exit(code);
        }
    }

    private static int usage() {
        System.err.println("usage: java -Dloadlab.resolved=target/loadlab/settings.properties "
                + ServerControl.class.getName() + " up|down");
        return 2;
    }

    /** Our parent is the Maven JVM (exec:exec forks this one directly): the server watches it and exits with it. */
    private static long watchedPid() {
        return ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L);
    }

    /** Starts or checks the target, then writes {@code target.properties}; the server stops when {@code watchPid} ends. */
    static int up(Settings settings, BuildFiles files, long watchPid) throws Exception {
        testSkipProblem(settings).ifPresent(line -> {
            throw new SettingError(line);
        });
        LivePageUp.Starting live = LivePageUp.launch(settings, files, watchPid);
        Files.deleteIfExists(files.targetFile());
        Files.deleteIfExists(files.wireCheckFile());
        // an earlier build's stalls; from here on each JVM of this build's load writes its own
        Trees.delete(files.stallFile(files.serverDir()).getParent());
        int waitSeconds = settings.integer(WAIT_SECONDS);
        if (!NamedTargetsUp.answer(settings, waitSeconds)) {
            return 1; // a journey's second service is silent: nothing is started
        }
        int code = settings.isGiven(URL)
                ? external(settings, files, waitSeconds)
                : embedded(settings, files, waitSeconds, watchPid);
        return code == 0 && !live.ready() ? 2 : code; // a taken port: said in one line, before any load
    }

    static int down(BuildFiles files) throws Exception {
        ServerCounts.save(files); // the calibration tags the server counted, before it forgets them
        // all at once, each in its own process; an external target leaves no pid file: nothing to stop
        List<Path> servers = new ArrayList<>(List.of(files.serverDir()));
        servers.addAll(Companions.dirs(files));
        ServerProcess.stop(servers);
        CpuCap.remove(files.serverDir());
        return 0;
    }

    /** The user's own target: check it answers before any load, and hand its URLs on unchanged. */
    private static int external(Settings settings, BuildFiles files, int waitSeconds) throws Exception {
        if (!FaultSettings.from(settings).equals(FaultSettings.OFF)) {
            throw new SettingError("faults.* are not allowed with -D" + URL.name() + ": expected the embedded reference"
                    + " server (only it injects faults); leave " + URL.name() + " empty or the faults off");
        }
        String url = settings.get(URL);
        String tlsUrl = settings.isGiven(TLS_URL) ? settings.get(TLS_URL) : url;
        for (String u : tlsUrl.equals(url) ? new String[] {url} : new String[] {url, tlsUrl}) {
            if (!TargetProbe.answers(u, waitSeconds)) {
                System.err.println("loadlab: target " + UrlMask.mask(u) + " did not answer HTTP within " + waitSeconds
                        + " s (target.waitSeconds); no load was sent");
                return 1;
            }
        }
        // a target of yours has no companions: the load a study's tools would send to theirs comes here, first
        Map<String, String> leftToLoad = Companions.leftToLoad(Companions.wanted(settings, files));
        if (!ContractCheck.holds(settings, url, leftToLoad) || !WireCheck.run(settings, files, url, tlsUrl)) {
            return 1;
        }
        files.writeTarget(NamedTargetsUp.written(settings, trusting(settings, files, url, tlsUrl), files.serverDir()));
        files.writeWires(url, tlsUrl, settings);
        System.out.println("loadlab: target " + UrlMask.mask(url) + " answers (" + files.targetFile() + ")");
        return 0;
    }

    /**
     * target.properties of the user's target: with target.certificate, Gatling gets it as a trust store and our HTTP/2
     * sampler as PEM (JMeter's own sampler checks no certificate); without it the JDK's CAs decide.
     */
    private static Map<String, String> trusting(Settings settings, BuildFiles files, String url, String tlsUrl)
            throws Exception {
        String certificate = settings.get(TargetKnobs.CERTIFICATE);
        if (certificate.isEmpty()) {
            return target(url, tlsUrl, settings.get(JmeterKnobs.TRUSTED_CERTIFICATE), "", "");
        }
        Path pem = Path.of(certificate).toAbsolutePath();
        KeyStore store;
        try {
            store = TrustStore.of(TrustStore.readPem(pem));
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw SettingError.notAllowed(
                    TargetKnobs.CERTIFICATE.name(), certificate, "a readable PEM certificate (" + e.getMessage() + ")");
        }
        Path trustStore = files.serverDir().resolve(TRUST_STORE);
        Files.createDirectories(trustStore.getParent());
        TrustStore.write(store, trustStore);
        return target(url, tlsUrl, pem.toString(), trustStore.toString(), "");
    }

    /**
     * The embedded target, with the studies' companions ({@link Companions}: the gateway's upstream, the cold targets)
     * started beside it; each checked as every tool will meet it (the certificate, the experiments' paths, the wires, the
     * faults) before its URLs are written for the tools.
     */
    private static int embedded(Settings settings, BuildFiles files, int waitSeconds, long watchPid) throws Exception {
        // a bad server or fault value stops here, with one line, before anything is forked
        FaultSettings faults = ServerSettings.from(settings).faults();
        Path dir = files.serverDir();
        Path pem = dir.resolve(ServerProcess.CERT_PEM);
        Path trustStore = dir.resolve(TRUST_STORE);
        Files.deleteIfExists(pem); // the server makes a new certificate at each start: never trust an older one
        Files.deleteIfExists(trustStore);
        // a study that caps the target's CPU as its system's limit did (the gateway's pod), asked by its setting
        Optional<Study.CpuLimit> cap = Studies.ALL.stream()
                .flatMap(study -> study.targetCpuLimit(settings).stream())
                .findFirst();
        if (cap.isPresent()) {
            CpuCap.ofThisMachine().check(cap.get().askedBy()); // refused before anything is forked
        }
        Map<String, String> properties = ServerProcess.properties(settings, files, dir, watchPid);
        Map<String, List<Study.Companion>> companions = Companions.wanted(settings, files);
        // they start while the target does; like every server forked here they exit with the build if anything fails
        Companions.Starting starting = Companions.launch(companions, settings, files, watchPid, waitSeconds);
        if (!starting.readyForTarget(properties)) {
            return 1;
        }
        // the target alone measures its stalls, which the report sets beside the tools' (the others serve it)
        properties.put(ServerKnobs.STALL_FILE.name(), files.stallFile(dir).toString());
        Optional<ServerProcess.Urls> urls = ServerProcess.start(dir, properties, waitSeconds);
        if (urls.isEmpty()) {
            ServerProcess.stop(Companions.dirs(files)); // the companions of a target that never came up
            return 1;
        }
        if (cap.isPresent() && !cpuCapped(cap.get(), dir)) {
            return 1;
        }
        Optional<Map<String, String>> toolsCompanions = starting.readyForTools();
        if (toolsCompanions.isEmpty()) {
            return 1; // its log's tail is printed; the target and the rest exit with the build
        }
        KeyStore store = trustEveryServer(pem, trustStore, companions, files);
        // The URL every tool gets, through the trust every tool gets: checks the TLS port and the store at once.
        if (!TargetProbe.answersTrusting(urls.get().tls() + "/health", TLS_PROBE_SECONDS, TrustStore.trusting(store))) {
            ServerProcess.fail(dir, "did not answer " + urls.get().tls() + " with the certificate in " + trustStore);
            return 1;
        }
        // a study's companions are its tools' alone: nothing here asks them
        if (!ContractCheck.holds(settings, urls.get().http(), Map.of())
                || !WireCheck.run(settings, files, urls.get().http(), urls.get().tls())
                || !faultsSet(dir, urls.get().admin(), faults)) {
            return 1;
        }
        ServerProcess.Urls served = urls.get();
        Map<String, String> target =
                target(served.http(), served.tls(), pem.toString(), trustStore.toString(), served.admin());
        target.putAll(toolsCompanions.get());
        files.writeTarget(NamedTargetsUp.written(settings, target, dir));
        files.writeWires(served.http(), served.tls(), settings);
        System.out.println("loadlab: target written to " + files.targetFile());
        return 0;
    }

    /** One trust store for every tool: the target's certificate (a new one each start) and its companions'. */
    private static KeyStore trustEveryServer(
            Path pem, Path trustStore, Map<String, List<Study.Companion>> companions, BuildFiles files)
            throws Exception {
        KeyStore store = TrustStore.of(TrustStore.readPem(pem));
        Companions.trust(store, companions, files);
        TrustStore.write(store, trustStore);
        return store;
    }

    /** This target's process in a cgroup of its own, capped at the study's limit. */
    private static boolean cpuCapped(Study.CpuLimit cap, Path dir) throws Exception {
        Optional<ProcessHandle> server = ServerProcess.running(dir.resolve(ServerProcess.PID_FILE));
        try {
            Path group = CpuCap.ofThisMachine().apply(server.orElseThrow().pid(), cap.millicores(), dir, cap.askedBy());
            System.out.println(
                    "loadlab: the target's CPU capped at " + cap.millicores() + " millicores (" + group + ")");
            return true;
        } catch (SettingError | java.util.NoSuchElementException e) {
            ServerProcess.fail(dir, "could not be capped: " + e.getMessage());
            return false;
        }
    }

    /** The build's faults, now that the contract check is past; none given, nothing is sent. */
    private static boolean faultsSet(Path dir, String adminUrl, FaultSettings faults) throws Exception {
        if (faults.equals(FaultSettings.OFF)) {
            return true;
        }
        try {
            AdminClient.setFaults(adminUrl, faults);
        } catch (java.io.IOException e) {
            ServerProcess.fail(dir, "did not take the build's faults at " + adminUrl + " (" + e.getMessage() + ")");
            return false;
        }
        System.out.println("loadlab: faults on purpose in the reference server: " + faults.asProperties());
        return true;
    }

    /** The content of target.properties, the same keys for both kinds of target. */
    private static Map<String, String> target(
            String url, String tlsUrl, String pem, String trustStore, String adminUrl) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put(URL.name(), url);
        t.put(TLS_URL.name(), tlsUrl);
        t.put(JmeterKnobs.TRUSTED_CERTIFICATE.name(), pem);
        t.put(GATLING_TRUST_STORE, trustStore); // Gatling's own property, not a catalogue knob
        t.put(ADMIN_URL, adminUrl); // nor is this: only the embedded server has an admin port
        return t;
    }
}
