package dev.loadlab.steps.control;

import dev.loadlab.settings.Protocol;
import dev.loadlab.settings.Wire;
import dev.loadlab.shared.H2Frames;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Optional;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;

/**
 * Does the target speak a wire? One GET of the target's URL over that wire, as the load tools would send it: HTTP/1.1
 * on a plain socket, h2c by prior knowledge (the preface, then HTTP/2 frames, no Upgrade: JMeter's h2c sampler does
 * the same), HTTP/1.1 over TLS, and h2 chosen by ALPN. Any status counts as an answer; what the probe asks is only
 * which protocol comes back. It sends no credentials and trusts any certificate: whether to trust the target's is each
 * tool's own setting, and a tool that does not trust it says so in its own errors.
 */
final class WireProbe {
    static final int TIMEOUT_MS = 3_000;
    /** Frames a server may send before its answer's HEADERS (SETTINGS, WINDOW_UPDATE, PING): read this many at most. */
    private static final int MAX_FRAMES = 32;
    /** The largest frame a peer may send before we raise SETTINGS_MAX_FRAME_SIZE (RFC 9113, 4.2). */
    private static final int MAX_FRAME_LENGTH = 16_384;

    private static final String H2 = "h2";
    private static final String HTTP11 = "http/1.1";

    private WireProbe() {}

    /** Empty when the target answered over {@code wire}; else what it did instead, e.g. "answered in HTTP/1.1". */
    static Optional<String> refusal(Wire wire, URI url) {
        String host = url.getHost();
        int port = url.getPort() > 0 ? url.getPort() : wire.tls ? 443 : 80;
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        String authority = host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(host, port), TIMEOUT_MS);
            plain.setSoTimeout(TIMEOUT_MS);
            Socket socket = plain;
            if (wire.tls) {
                SSLSocket tls = handshake(plain, host, port, wire);
                socket = tls;
                String chosen = tls.getApplicationProtocol();
                if (wire.protocol == Protocol.HTTP2 && !H2.equals(chosen)) {
                    return Optional.of("chose " + (chosen == null || chosen.isEmpty() ? "no protocol" : chosen)
                            + " by ALPN, not h2");
                }
            }
            return wire.protocol == Protocol.HTTP2
                    ? http2(socket, wire.tls ? "https" : "http", authority, path)
                    : http1(socket, authority, path);
        } catch (SocketTimeoutException e) {
            return Optional.of("sent no answer within " + TIMEOUT_MS / 1000 + " s");
        } catch (ConnectException e) {
            return Optional.of("refused the connection (" + e.getMessage() + ")");
        } catch (SSLException e) {
            return Optional.of("failed the TLS handshake (" + e.getMessage() + ")");
        } catch (IOException | GeneralSecurityException e) {
            return Optional.of("failed: " + e);
        }
    }

    private static SSLSocket handshake(Socket plain, String host, int port, Wire wire)
            throws IOException, GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, new TrustManager[] {new AnyCertificate()}, null);
        SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(plain, host, port, false);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setApplicationProtocols(
                wire.protocol == Protocol.HTTP2 ? new String[] {H2, HTTP11} : new String[] {HTTP11});
        if (!host.isEmpty() && Character.isLetter(host.charAt(host.length() - 1))) {
            parameters.setServerNames(List.of(new SNIHostName(host))); // SNI takes names, not addresses
        }
        tls.setSSLParameters(parameters);
        tls.startHandshake();
        return tls;
    }

    private static Optional<String> http1(Socket socket, String authority, String path) throws IOException {
        socket.getOutputStream()
                .write(("GET " + path + " HTTP/1.1\r\nHost: " + authority
                                + "\r\nUser-Agent: loadlab-wire-probe\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.UTF_8));
        String line = firstLine(socket.getInputStream(), new byte[0]);
        if (line.startsWith("HTTP/1.")) {
            return Optional.empty();
        }
        return Optional.of(
                line.isEmpty() ? "closed the connection without an answer" : "answered not in HTTP/1.1: " + line);
    }

    /** Reads frames until the answer's HEADERS on stream 1, or whatever shows that it will not come. */
    private static Optional<String> http2(Socket socket, String scheme, String authority, String path)
            throws IOException {
        socket.getOutputStream().write(H2Frames.request(scheme, authority, path));
        DataInputStream in = new DataInputStream(socket.getInputStream());
        byte[] header = new byte[H2Frames.FRAME_HEADER];
        for (int frames = 0; frames < MAX_FRAMES; frames++) {
            int read = in.readNBytes(header, 0, header.length);
            String start = new String(header, 0, Math.min(read, 5), StandardCharsets.ISO_8859_1);
            if (start.startsWith("HTTP/")) {
                return Optional.of(
                        "answered in HTTP/1.1 (" + firstLine(in, java.util.Arrays.copyOf(header, read)) + ")");
            }
            if (read < header.length) {
                return Optional.of(
                        frames == 0
                                ? "closed the connection without an HTTP/2 answer"
                                : "closed the connection before the answer");
            }
            int length = (header[0] & 0xff) << 16 | (header[1] & 0xff) << 8 | header[2] & 0xff;
            int type = header[3] & 0xff;
            int stream =
                    ((header[5] & 0x7f) << 24) | (header[6] & 0xff) << 16 | (header[7] & 0xff) << 8 | header[8] & 0xff;
            if ((frames == 0 && type != H2Frames.SETTINGS) || length > MAX_FRAME_LENGTH) {
                return Optional.of("answered with something that is not HTTP/2");
            }
            byte[] payload = in.readNBytes(length);
            if (payload.length < length) {
                return Optional.of("closed the connection in the middle of an HTTP/2 frame");
            }
            if (type == H2Frames.HEADERS && stream == 1) {
                return Optional.empty();
            }
            if (type == H2Frames.GOAWAY || (type == H2Frames.RST_STREAM && stream == 1)) {
                int codeAt = type == H2Frames.GOAWAY ? 4 : 0;
                long code = payload.length >= codeAt + 4
                        ? ((payload[codeAt] & 0xffL) << 24)
                                | (payload[codeAt + 1] & 0xff) << 16
                                | (payload[codeAt + 2] & 0xff) << 8
                                | payload[codeAt + 3] & 0xff
                        : -1;
                return Optional.of("ended the request with " + (type == H2Frames.GOAWAY ? "GOAWAY" : "RST_STREAM")
                        + " (error code " + code + ")");
            }
        }
        return Optional.of("sent " + MAX_FRAMES + " HTTP/2 frames and no answer");
    }

    /** The first line of an answer, after the bytes already read; at most 200 characters. */
    private static String firstLine(InputStream in, byte[] already) throws IOException {
        StringBuilder line = new StringBuilder(new String(already, StandardCharsets.ISO_8859_1));
        int c;
        try {
            while (line.indexOf("\n") < 0 && line.length() < 200 && (c = in.read()) >= 0) {
                line.append((char) c);
            }
        } catch (EOFException | SocketTimeoutException e) {
            // what came is what there is
        }
        int end = line.indexOf("\r") >= 0 ? line.indexOf("\r") : line.indexOf("\n");
        return (end >= 0 ? line.substring(0, end) : line.toString()).strip();
    }

    /** The probe asks which protocol the target speaks, not whether to trust it (see the class comment). */
    private static final class AnyCertificate implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }
}
