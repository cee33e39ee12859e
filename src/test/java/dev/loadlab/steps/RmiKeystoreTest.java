package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RmiKeystoreTest {
    /** One pair for both tests: keytool makes an RSA-3072 pair in about a second and a half here. */
    @TempDir
    static Path dir;

    private static Path store;

    @BeforeAll
    static void makeOnePair() throws IOException {
        store = RmiKeystore.ensure(dir);
    }

    @Test
    void shouldMakeAKeyPairThatItsOwnPropertiesOpenReadableByTheOwnerOnly() throws Exception {

        Properties p = properties();
        String password = p.getProperty("server.rmi.ssl.keystore.password");
        assertTrue(password.length() >= 32, "a long random password");
        assertEquals(password, p.getProperty("server.rmi.ssl.truststore.password"));
        assertEquals("PKCS12", p.getProperty("server.rmi.ssl.keystore.type"));
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            ks.load(in, password.toCharArray());
        }
        assertTrue(
                ks.getKey(p.getProperty("server.rmi.ssl.keystore.alias"), password.toCharArray())
                        instanceof PrivateKey);
        assertEquals(
                "rw-------",
                PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("rmi.properties"))));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)));
    }

    @Test
    void shouldKeepAnExistingPairSoThatEnginesCopiedEarlierStillMatch() throws Exception {
        byte[] before = Files.readAllBytes(dir.resolve(RmiKeystore.STORE));
        String password = properties().getProperty("server.rmi.ssl.keystore.password");

        assertEquals(store, RmiKeystore.ensure(dir));

        assertArrayEquals(before, Files.readAllBytes(dir.resolve(RmiKeystore.STORE)));
        assertEquals(password, properties().getProperty("server.rmi.ssl.keystore.password"));
        Path other = dir.resolve("other");
        RmiKeystore.ensure(other);
        assertNotEquals(
                password,
                load(other.resolve(RmiKeystore.PROPERTIES)).getProperty("server.rmi.ssl.keystore.password"),
                "each new pair has its own password");
    }

    private static Properties properties() throws IOException {
        return load(dir.resolve(RmiKeystore.PROPERTIES));
    }

    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
        }
        return p;
    }
}
