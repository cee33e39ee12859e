package dev.loadlab.steps;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * The key pair JMeter's RMI over TLS needs on the controller and on every engine alike (JMeter checks client
 * certificates too: one store serves as key store and trust store). Made once, at build time, by the JDK's own
 * keytool, never committed: {@code rmi_keystore.p12} and {@code rmi.properties}, the JMeter properties that open
 * it (a random password; mode 600, read with {@code -q}, so it is on no command line and in no log).
 * An existing pair is kept: engines already copied from an earlier build must still match the controller.
 */
public final class RmiKeystore {
    public static final String STORE = "rmi_keystore.p12";
    public static final String PROPERTIES = "rmi.properties";
    static final String ALIAS = "rmi";
    private static final String PASSWORD_VARIABLE = "LOADLAB_RMI_STOREPASS";

    private RmiKeystore() {}

    /** The folder's store, made when it is missing. */
    public static Path ensure(Path dir) throws IOException {
        Path store = dir.resolve(STORE);
        Path properties = dir.resolve(PROPERTIES);
        if (Files.isRegularFile(store) && Files.isRegularFile(properties)) {
            return store;
        }
        Files.createDirectories(dir);
        Files.deleteIfExists(store);
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        ProcessBuilder keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        ALIAS,
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "3072",
                        "-validity",
                        "3650",
                        "-dname",
                        "CN=loadlab JMeter RMI",
                        "-storetype",
                        "PKCS12",
                        "-keystore",
                        store.toString(),
                        // the password through the child's environment, never its command line
                        "-storepass:env",
                        PASSWORD_VARIABLE)
                .redirectErrorStream(true);
        keytool.environment().put(PASSWORD_VARIABLE, password);
        try {
            Process p = keytool.start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("keytool could not make " + store + ": " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while keytool made " + store, e);
        }
        Files.setPosixFilePermissions(store, PosixFilePermissions.fromString("rw-------"));
        Files.deleteIfExists(properties);
        Files.createFile(
                properties, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        // the store's path differs per host: each side gives server.rmi.ssl.keystore.file itself
        Files.writeString(
                properties,
                "# JMeter RMI over TLS: opens " + STORE + " beside this file (made by dev.loadlab.steps.RmiKeystore)\n"
                        + "server.rmi.ssl.keystore.type=PKCS12\n"
                        + "server.rmi.ssl.keystore.alias=" + ALIAS + "\n"
                        + "server.rmi.ssl.keystore.password=" + password + "\n"
                        + "server.rmi.ssl.truststore.password=" + password + "\n",
                StandardCharsets.UTF_8);
        return store;
    }
}
