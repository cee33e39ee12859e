package dev.loadlab.steps.control;

import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.Reach;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.settings.UrlMask;
import dev.loadlab.shared.TrustStore;
import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The services a journey reaches beside the target ({@link NamedTargets}), as the target itself is met before any load:
 * each URL must answer HTTP within target.waitSeconds, its certificate is trusted by every tool, and its host joins the
 * build's reach, which target.properties hands to every run ({@link Reach#PROPERTY}).
 */
final class NamedTargetsUp {
    /** Beside the target's trust, where a named target brings a certificate of its own. */
    static final String TRUSTED_PEM = "trusted.pem";

    static final String TRUSTED_STORE = "trusted.p12";

    private NamedTargetsUp() {}

    /** True when every named target answers; else one line on standard error naming the first that did not. */
    static boolean answer(Settings settings, int waitSeconds) {
        for (String name : NamedTargets.names(settings)) {
            for (String url : urls(settings, name)) {
                if (!TargetProbe.answers(url, waitSeconds)) {
                    System.err.println("loadlab: target " + name + " " + UrlMask.mask(url) + " (-D"
                            + NamedTargets.url(name).name() + ") did not answer HTTP within " + waitSeconds
                            + " s (target.waitSeconds); no load was sent");
                    return false;
                }
            }
            System.out.println("loadlab: target " + name + " "
                    + UrlMask.mask(urls(settings, name).get(0)) + " answers");
        }
        return true;
    }

    private static List<String> urls(Settings settings, String name) {
        String url = NamedTargets.urlOn(settings, name, false);
        String tls = NamedTargets.urlOn(settings, name, true);
        return url.equals(tls) ? List.of(url) : List.of(url, tls);
    }

    /**
     * target.properties as {@code target} holds it, and the build's reach; where a named target brings a certificate,
     * every tool's trust is the target's and theirs together (and the JDK's CAs where a TLS host brings none).
     */
    static Map<String, String> written(Settings settings, Map<String, String> target, Path dir) throws IOException {
        Map<String, String> out = new LinkedHashMap<>(target);
        out.put(Reach.PROPERTY, Reach.of(settings.with(target)).written());
        List<String> certified = NamedTargets.names(settings).stream()
                .filter(n -> !settings.get(NamedTargets.certificate(n)).isEmpty())
                .toList();
        if (certified.isEmpty()) {
            return out;
        }
        try {
            KeyStore store = KeyStore.getInstance(TrustStore.TYPE);
            store.load(null, null);
            String targetPem = target.getOrDefault(JmeterKnobs.TRUSTED_CERTIFICATE.name(), "");
            String targetStore = target.getOrDefault(ServerControl.GATLING_TRUST_STORE, "");
            if (!targetStore.isEmpty()) { // the embedded server's and its cold twins' certificates
                TrustStore.addAll(store, TrustStore.read(Path.of(targetStore)));
            } else if (!targetPem.isEmpty()) {
                TrustStore.addAll(store, TrustStore.ofPem(Path.of(targetPem)));
            }
            for (String name : certified) {
                String pem = settings.get(NamedTargets.certificate(name));
                try {
                    TrustStore.addAll(store, TrustStore.ofPem(Path.of(pem)));
                } catch (IOException | GeneralSecurityException e) {
                    throw SettingError.notAllowed(
                            NamedTargets.certificate(name).name(),
                            pem,
                            "a readable PEM certificate (" + e.getMessage() + ")");
                }
            }
            if (someTlsHostWithout(settings, targetPem, certified)) {
                TrustStore.addAll(store, TrustStore.jdkCas());
            }
            Path pem = dir.resolve(TRUSTED_PEM);
            Path p12 = dir.resolve(TRUSTED_STORE);
            java.nio.file.Files.createDirectories(dir);
            TrustStore.writePem(store, pem);
            TrustStore.write(store, p12);
            out.put(JmeterKnobs.TRUSTED_CERTIFICATE.name(), pem.toString());
            out.put(ServerControl.GATLING_TRUST_STORE, p12.toString());
        } catch (GeneralSecurityException e) {
            throw new IOException("the trust of the named targets could not be written: " + e.getMessage(), e);
        }
        return out;
    }

    /** A TLS URL, the target's or a named one's, whose trust is the JDK's CAs (no certificate given for it). */
    private static boolean someTlsHostWithout(Settings settings, String targetPem, List<String> certified) {
        boolean targetTls = settings.get(TargetKnobs.TLS_URL).startsWith("https://")
                || settings.get(TargetKnobs.URL).startsWith("https://");
        if (targetPem.isEmpty() && targetTls) {
            return true;
        }
        return NamedTargets.names(settings).stream()
                .filter(n -> !certified.contains(n))
                .anyMatch(n -> NamedTargets.urlOn(settings, n, true).startsWith("https://"));
    }
}
