package dev.loadlab.server;

import org.eclipse.jetty.http2.server.AbstractHTTP2ServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.http2.server.HTTP2ServerConnectionFactory;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;

/**
 * The HTTP/2 connection factories of both ports, set for throughput (measured with bench/server-vs-nginx.sh):
 * the answers to one read leave together ({@link ReadBatchingEndPoint}), and frames sit in heap buffers
 * rather than Jetty's default direct ones, so that the JDK's TLS engine and Jetty's frame parser work on
 * arrays without copying across (about a fifth more h2 requests per CPU-second here).
 */
final class Http2Factories {
    private Http2Factories() {}

    /** h2c on the plain port, by prior knowledge or Upgrade. */
    static HTTP2CServerConnectionFactory cleartext(HttpConfiguration config) {
        return heapBuffers(new HTTP2CServerConnectionFactory(config) {
            @Override
            public Connection newConnection(Connector connector, EndPoint endPoint) {
                return super.newConnection(connector, new ReadBatchingEndPoint(endPoint));
            }
        });
    }

    /** h2 on the TLS port, chosen by ALPN. */
    static HTTP2ServerConnectionFactory secure(HttpConfiguration config) {
        return heapBuffers(new HTTP2ServerConnectionFactory(config) {
            @Override
            public Connection newConnection(Connector connector, EndPoint endPoint) {
                return super.newConnection(connector, new ReadBatchingEndPoint(endPoint));
            }
        });
    }

    private static <F extends AbstractHTTP2ServerConnectionFactory> F heapBuffers(F factory) {
        factory.setUseInputDirectByteBuffers(false);
        factory.setUseOutputDirectByteBuffers(false);
        return factory;
    }
}
