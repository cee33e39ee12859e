package dev.loadlab.server;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The TCP sockets this process listens on, read from Linux's /proc: /proc/net/tcp and tcp6 list every listening
 * socket of the network namespace with its inode, and /proc/self/fd names the inodes this process holds.
 */
final class ListeningSockets {
    /** st 0A in /proc/net/tcp: TCP_LISTEN. */
    private static final String LISTEN = "0A";

    record Socket(String address, int port) {
        boolean loopbackOnly() {
            return address.equals("127.0.0.1");
        }

        @Override
        public String toString() {
            return (address.contains(":") ? "[" + address + "]" : address) + ":" + port;
        }
    }

    private ListeningSockets() {}

    static List<Socket> ofThisProcess() throws IOException {
        Set<String> inodes = socketInodesOfThisProcess();
        List<Socket> sockets = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            if (Files.exists(file)) {
                sockets.addAll(listening(Files.readAllLines(file), inodes));
            }
        }
        return sockets;
    }

    /** The listening sockets of one /proc/net/tcp{,6} table whose inode is in {@code inodes}. */
    static List<Socket> listening(List<String> table, Set<String> inodes) {
        List<Socket> sockets = new ArrayList<>();
        for (String line : table.subList(Math.min(1, table.size()), table.size())) {
            String[] f = line.trim().split("\\s+");
            // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
            if (f.length > 9 && f[3].equals(LISTEN) && inodes.contains(f[9])) {
                String[] local = f[1].split(":");
                sockets.add(new Socket(address(local[0]), Integer.parseInt(local[1], 16)));
            }
        }
        return sockets;
    }

    /**
     * The kernel prints each 32-bit word of an address in host order (little-endian here); an IPv4-mapped IPv6
     * address (a Java socket bound to 127.0.0.1 on a dual-stack channel) is shown as its IPv4 address.
     */
    static String address(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int at = (word * 4 + b) * 2;
                bytes[word * 4 + 3 - b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
            }
        }
        if (bytes.length == 4) {
            return ipv4(bytes, 0);
        }
        boolean mapped = true;
        for (int i = 0; i < 12; i++) {
            mapped &= bytes[i] == (i < 10 ? 0 : (byte) 0xff);
        }
        if (mapped) {
            return ipv4(bytes, 12);
        }
        StringBuilder ipv6 = new StringBuilder();
        for (int i = 0; i < 16; i += 2) {
            ipv6.append(i == 0 ? "" : ":")
                    .append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)));
        }
        return ipv6.toString().equals("0:0:0:0:0:0:0:0") ? "::" : ipv6.toString();
    }

    private static String ipv4(byte[] bytes, int from) {
        return (bytes[from] & 0xff) + "." + (bytes[from + 1] & 0xff) + "." + (bytes[from + 2] & 0xff) + "."
                + (bytes[from + 3] & 0xff);
    }

    private static Set<String> socketInodesOfThisProcess() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed between the listing and the read: not a listener of ours
                }
            }
        }
        return inodes;
    }
}
