package dev.loadlab.server;

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
 * A PKCS12 trust store holding exactly one certificate: the embedded server's, made new at each start.
 * Gatling reads it ({@code gatling.ssl.trustStore.*}); nothing else is trusted through it.
 */
final class TrustStore {
  static final String TYPE = "PKCS12";
  /** The store holds only a public certificate: its password protects nothing and is no secret (the build passes it). */
  static final String PASSWORD = "public-cert-only";
  static final String ALIAS = "loadlab-embedded";

  private TrustStore() {
  }

  static X509Certificate readPem(Path pem) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(pem)) {
      return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
  }

  static KeyStore of(X509Certificate certificate) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance(TYPE);
    store.load(null, null);
    store.setCertificateEntry(ALIAS, certificate);
    return store;
  }

  /** Written whole then moved into place, so a reader never sees half a store. */
  static void write(KeyStore store, Path file) throws IOException, GeneralSecurityException {
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    try (OutputStream out = Files.newOutputStream(partial)) {
      store.store(out, PASSWORD.toCharArray());
    }
    Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  static KeyStore read(Path file) throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance(TYPE);
    try (InputStream in = Files.newInputStream(file)) {
      store.load(in, PASSWORD.toCharArray());
    }
    return store;
  }

  /** A TLS context that trusts only what {@code store} holds. */
  static SSLContext trusting(KeyStore store) throws GeneralSecurityException {
    TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trust.getTrustManagers(), null);
    return context;
  }
}
