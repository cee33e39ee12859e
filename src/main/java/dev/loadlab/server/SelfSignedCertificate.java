package dev.loadlab.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A certificate for localhost and 127.0.0.1, made at start by the JDK's own keytool (no dependency,
 * nothing committed). The private key lives only in memory: keytool's file is deleted at once and
 * only the public certificate is ever written out, for clients that want to trust it.
 */
final class SelfSignedCertificate {
    static final String ALIAS = "loadlab";
    private static SelfSignedCertificate shared;

    final KeyStore keyStore;
    final char[] password;

    private SelfSignedCertificate(KeyStore keyStore, char[] password) {
        this.keyStore = keyStore;
        this.password = password;
    }

    /** One per JVM: keytool costs a process start, and every server in a test run may share it. */
    static synchronized SelfSignedCertificate shared() throws IOException, GeneralSecurityException {
        if (shared == null) {
            shared = generate();
        }
        return shared;
    }

    private static SelfSignedCertificate generate() throws IOException, GeneralSecurityException {
        char[] password = UUID.randomUUID().toString().toCharArray();
        Path dir = Files.createTempDirectory("loadlab-cert");
        Path file = dir.resolve("keystore.p12");
        try {
            String keytool =
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
            ProcessBuilder p = new ProcessBuilder(List.of(
                            keytool,
                            // a short-lived JVM: the JIT's first tier and one GC thread halve its CPU (0.7 to 0.3 s)
                            "-J-XX:TieredStopAtLevel=1",
                            "-J-XX:+UseSerialGC",
                            "-genkeypair",
                            "-alias",
                            ALIAS,
                            "-keyalg",
                            "EC",
                            "-groupname",
                            "secp256r1",
                            "-sigalg",
                            "SHA256withECDSA",
                            "-dname",
                            "CN=localhost, O=loadlab reference target",
                            "-ext",
                            "SAN=dns:localhost,ip:127.0.0.1",
                            "-validity",
                            "30",
                            "-storetype",
                            "PKCS12",
                            "-keystore",
                            file.toString(),
                            "-storepass:env",
                            "LOADLAB_KS",
                            "-keypass:env",
                            "LOADLAB_KS"))
                    .redirectErrorStream(true);
            p.environment().put("LOADLAB_KS", new String(password)); // kept off the command line
            Process keytoolRun = p.start();
            String output = new String(keytoolRun.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!keytoolRun.waitFor(60, TimeUnit.SECONDS) || keytoolRun.exitValue() != 0) {
                throw new IOException("keytool could not make the self-signed certificate: " + output.trim());
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(file)) {
                store.load(in, password);
            }
            return new SelfSignedCertificate(store, password);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the certificate", e);
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    X509Certificate certificate() throws GeneralSecurityException {
        return (X509Certificate) keyStore.getCertificate(ALIAS);
    }

    /** The public certificate only, PEM-encoded. */
    String pem() throws GeneralSecurityException {
        return "-----BEGIN CERTIFICATE-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(certificate().getEncoded())
                + "\n-----END CERTIFICATE-----\n";
    }
}
