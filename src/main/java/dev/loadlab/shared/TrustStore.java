package dev.loadlab.shared;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Trust for the suite's clients, in one place: a store of exactly the certificates given (the embedded server's,
 * made new at each start, or a PEM a user names), never the JDK's CAs beside them. The build writes the embedded
 * server's as PKCS12 for Gatling ({@code gatling.ssl.trustStore.*}); the JMeter sampler and the probes read PEM.
 */
public final class TrustStore {
    public static final String TYPE = "PKCS12";
    /** The store holds only a public certificate: its password protects nothing and is no secret (the build passes it). */
    public static final String PASSWORD = "public-cert-only";

    public static final String ALIAS = "loadlab-embedded";

    private TrustStore() {}

    public static X509Certificate readPem(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** Every certificate of a PEM file, each trusted; none is an error. */
    public static KeyStore ofPem(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return ofPem(in, pem.toString());
        }
    }

    /** Every certificate of PEM text, each trusted; none is an error naming {@code source}. */
    public static KeyStore ofPem(InputStream in, String source) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(TYPE);
        store.load(null, null);
        int index = 0;
        for (java.security.cert.Certificate certificate :
                CertificateFactory.getInstance("X.509").generateCertificates(in)) {
            store.setCertificateEntry(ALIAS + "-" + index++, certificate);
        }
        if (index == 0) {
            throw new GeneralSecurityException("no PEM certificate in " + source);
        }
        return store;
    }

    public static KeyStore of(X509Certificate certificate) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(TYPE);
        store.load(null, null);
        store.setCertificateEntry(ALIAS, certificate);
        return store;
    }

    /** Every certificate of {@code from} added to {@code to}, under aliases of their own. */
    public static void addAll(KeyStore to, KeyStore from) throws GeneralSecurityException {
        int index = to.size();
        for (String alias : java.util.Collections.list(from.aliases())) {
            java.security.cert.Certificate certificate = from.getCertificate(alias);
            if (certificate != null) {
                to.setCertificateEntry(ALIAS + "-" + index++, certificate);
            }
        }
    }

    /**
     * The JDK's own CAs, for a trust that must also hold a host whose certificate no one gave (a public service beside
     * a self-signed one).
     */
    public static KeyStore jdkCas() throws GeneralSecurityException, IOException {
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init((KeyStore) null);
        KeyStore store = KeyStore.getInstance(TYPE);
        store.load(null, null);
        int index = 0;
        for (javax.net.ssl.TrustManager manager : factory.getTrustManagers()) {
            if (manager instanceof javax.net.ssl.X509TrustManager x509) {
                for (X509Certificate ca : x509.getAcceptedIssuers()) {
                    store.setCertificateEntry("jdk-" + index++, ca);
                }
            }
        }
        return store;
    }

    /** Every certificate of {@code store} as PEM, for the clients that read PEM (loadlab's JMeter sampler). */
    public static void writePem(KeyStore store, Path file) throws IOException, GeneralSecurityException {
        StringBuilder pem = new StringBuilder();
        java.util.Base64.Encoder base64 =
                java.util.Base64.getMimeEncoder(64, "\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        for (String alias : java.util.Collections.list(store.aliases())) {
            java.security.cert.Certificate certificate = store.getCertificate(alias);
            if (certificate != null) {
                pem.append("-----BEGIN CERTIFICATE-----\n")
                        .append(base64.encodeToString(certificate.getEncoded()))
                        .append("\n-----END CERTIFICATE-----\n");
            }
        }
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Files.writeString(partial, pem, java.nio.charset.StandardCharsets.US_ASCII);
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Written whole then moved into place, so a reader never sees half a store. */
    public static void write(KeyStore store, Path file) throws IOException, GeneralSecurityException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (OutputStream out = Files.newOutputStream(partial)) {
            store.store(out, PASSWORD.toCharArray());
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static KeyStore read(Path file) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(TYPE);
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD.toCharArray());
        }
        return store;
    }

    /** A TLS context that trusts only what {@code store} holds. */
    public static SSLContext trusting(KeyStore store) throws GeneralSecurityException {
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }
}
