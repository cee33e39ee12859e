package dev.loadlab.jmeter;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.alpn.server.ALPNServerConnectionFactory;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * A Jetty server on free ports for the sampler's tests: HTTP/1.1 + h2c in cleartext, h2 + http/1.1 over TLS
 * (ALPN) with a self-signed certificate made for the test. It answers every request with a small JSON body
 * naming the protocol it saw; {@code ?status=N} picks the status, {@code ?delayMs=N} delays the answer, a
 * request body is echoed. It counts the TCP connections it accepted.
 */
final class TestTarget implements AutoCloseable {
    final Server server = new Server();
    /** TCP connections accepted (an h2c or ALPN upgrade replaces the Connection, not the EndPoint). */
    private final Set<EndPoint> endPoints = ConcurrentHashMap.newKeySet();

    private final ServerConnector plain;
    private final ServerConnector tls;

    TestTarget(TestCertificate certificate) throws Exception {
        HttpConfiguration config = new HttpConfiguration();
        plain = new ServerConnector(
                server, new HttpConnectionFactory(config), new HTTP2CServerConnectionFactory(config));
        HttpConfiguration tlsConfig = new HttpConfiguration(config);
        SecureRequestCustomizer secure = new SecureRequestCustomizer();
        secure.setSniHostCheck(false);
        tlsConfig.addCustomizer(secure);
        SslContextFactory.Server ssl = new SslContextFactory.Server();
        ssl.setKeyStorePath(certificate.keyStore.toString());
        ssl.setKeyStorePassword(TestCertificate.PASSWORD);
        HttpConnectionFactory http11 = new HttpConnectionFactory(tlsConfig);
        HTTP2ServerConnectionFactory h2 = new HTTP2ServerConnectionFactory(tlsConfig);
        ALPNServerConnectionFactory alpn = new ALPNServerConnectionFactory("h2", "http/1.1");
        alpn.setDefaultProtocol("http/1.1");
        tls = new ServerConnector(server, new SslConnectionFactory(ssl, alpn.getProtocol()), alpn, h2, http11);
        for (ServerConnector connector : new ServerConnector[] {plain, tls}) {
            connector.setHost("127.0.0.1");
            connector.setPort(0);
            connector.addEventListener(new Connection.Listener() {
                @Override
                public void onOpened(Connection connection) {
                    if (connection.getEndPoint() instanceof SocketChannelEndPoint network) {
                        endPoints.add(network);
                    }
                }
            });
            server.addConnector(connector);
        }
        server.setHandler(new EchoHandler());
        server.start();
    }

    int connectionsAccepted() {
        return endPoints.size();
    }

    String plainUrl(String path) {
        return "http://127.0.0.1:" + plain.getLocalPort() + path;
    }

    String tlsUrl(String path) {
        return "https://127.0.0.1:" + tls.getLocalPort() + path;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }

    private static final class EchoHandler extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) throws Exception {
            Fields query = Request.extractQueryParameters(request);
            int status = query.get("status") == null
                    ? 200
                    : Integer.parseInt(query.get("status").getValue());
            long delayMs = query.get("delayMs") == null
                    ? 0
                    : Long.parseLong(query.get("delayMs").getValue());
            String body = Content.Source.asString(request, StandardCharsets.UTF_8);
            String header = request.getHeaders().get("X-Test");
            String authorization = request.getHeaders().get("Authorization");
            String json = "{\"protocol\":\"" + request.getConnectionMetaData().getProtocol() + "\",\"method\":\""
                    + request.getMethod() + "\",\"xTest\":\"" + header + "\",\"authorization\":\"" + authorization
                    + "\",\"body\":\"" + body + "\"}";
            Runnable answer = () -> {
                response.setStatus(status);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.write(true, ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)), callback);
            };
            if (delayMs > 0) {
                request.getComponents().getScheduler().schedule(answer, delayMs, TimeUnit.MILLISECONDS);
            } else {
                answer.run();
            }
            return true;
        }
    }

    /** A self-signed certificate for 127.0.0.1 made with the JDK's keytool, key and PEM in a temp dir. */
    static final class TestCertificate {
        static final String PASSWORD = "test-only";
        final Path keyStore;
        final Path pem;

        TestCertificate(Path dir) throws Exception {
            keyStore = dir.resolve("server.p12");
            pem = dir.resolve("cert.pem");
            String keytool =
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
            run(
                    keytool,
                    "-genkeypair",
                    "-alias",
                    "server",
                    "-keyalg",
                    "EC",
                    "-groupname",
                    "secp256r1",
                    "-dname",
                    "CN=localhost",
                    "-ext",
                    "SAN=dns:localhost,ip:127.0.0.1",
                    "-validity",
                    "2",
                    "-storetype",
                    "PKCS12",
                    "-keystore",
                    keyStore.toString(),
                    "-storepass",
                    PASSWORD);
            run(
                    keytool,
                    "-exportcert",
                    "-rfc",
                    "-alias",
                    "server",
                    "-keystore",
                    keyStore.toString(),
                    "-storepass",
                    PASSWORD,
                    "-file",
                    pem.toString());
        }

        private static void run(String... command) throws Exception {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
            }
        }
    }
}
