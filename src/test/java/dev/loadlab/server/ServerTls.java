package dev.loadlab.server;

import java.io.IOException;
import java.security.GeneralSecurityException;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/** For tests outside this package that stand up a TLS server of their own with the reference server's key pair. */
public final class ServerTls {
    private ServerTls() {}

    /** A server-side TLS context over the shared self-signed certificate, with no ALPN of its own. */
    public static SSLContext serverContext() throws IOException, GeneralSecurityException {
        SelfSignedCertificate certificate = SelfSignedCertificate.shared();
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(certificate.keyStore, certificate.password);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), null, null);
        return tls;
    }
}
