package dev.loadlab.jmeter;

import java.io.IOException;
import java.io.Serializable;
import java.lang.instrument.Instrumentation;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * A Java agent ({@code -javaagent:loadlab.jar}) for a JMeter engine or controller: every RMI listener without a socket
 * factory of its own listens on {@code java.rmi.server.hostname} only, instead of every interface.
 *
 * <p>Why: JMeter 5.6.3 binds its RMI listeners to that address itself only with TLS on ({@code RmiUtils}: with
 * {@code server.rmi.ssl.disable=true} it passes no server socket factory, and RMI then listens on the wildcard
 * address). With TLS off, which loadlab allows on loopback only, an engine meant for 127.0.0.2 would otherwise be
 * reachable from the network. The agent sets RMI's global factory, which RMI uses exactly when no factory is given;
 * with TLS on JMeter's own factory binds and this one is not used. Nothing is instrumented.
 */
public final class RmiBind extends RMISocketFactory implements Serializable {
    private static final long serialVersionUID = 1L;
    private final InetAddress address;

    RmiBind(InetAddress address) {
        this.address = address;
    }

    public static void premain(String args, Instrumentation unused) throws IOException {
        String host = System.getProperty("java.rmi.server.hostname");
        if (host == null || host.isBlank()) {
            throw new IllegalStateException(
                    "loadlab RmiBind: set -Djava.rmi.server.hostname to the address to listen on");
        }
        RMISocketFactory.setSocketFactory(new RmiBind(InetAddress.getByName(host)));
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, 0, address);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }
}
