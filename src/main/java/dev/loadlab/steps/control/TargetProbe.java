package dev.loadlab.steps.control;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;

/**
 * Does a target answer HTTP at all? Any status counts (a target may well 404 its root). HTTP/1.1 only
 * (HttpURLConnection): a probe must not open an HTTP/2 session and change the server's protocol counters.
 */
final class TargetProbe {
    private static final int CONNECT_TIMEOUT_MS = 1_000;
    private static final int READ_TIMEOUT_MS = 2_000;
    private static final long RETRY_MS = 250;

    private TargetProbe() {}

    /** True once {@code url} answers within {@code waitSeconds}; a TLS handshake that fails counts as an answer. */
    static boolean answers(String url, int waitSeconds) {
        return poll(url, waitSeconds, null);
    }

    /**
     * True once the https {@code url} answers within {@code waitSeconds} through {@code trust}: it checks the port
     * and that the certificate a tool will be told to trust is really the one the server shows.
     */
    static boolean answersTrusting(String url, int waitSeconds, SSLContext trust) {
        return poll(url, waitSeconds, trust);
    }

    private static boolean poll(String url, int waitSeconds, SSLContext trust) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds);
        do {
            try {
                HttpURLConnection c =
                        (HttpURLConnection) URI.create(url).toURL().openConnection();
                if (trust != null && c instanceof HttpsURLConnection https) {
                    https.setSSLSocketFactory(trust.getSocketFactory());
                }
                c.setConnectTimeout(CONNECT_TIMEOUT_MS);
                c.setReadTimeout(READ_TIMEOUT_MS);
                c.getResponseCode();
                c.disconnect();
                return true;
            } catch (SSLException handshake) {
                // Without our own trust it speaks TLS, and whether to trust its certificate is each tool's setting;
                // with it, a refused certificate is a failure that waiting will not mend.
                return trust == null;
            } catch (IOException notYet) {
                sleepQuietly();
            }
        } while (System.nanoTime() < deadline);
        return false;
    }

    private static void sleepQuietly() {
        try {
            Thread.sleep(RETRY_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
