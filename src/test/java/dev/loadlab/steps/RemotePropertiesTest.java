package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RemotePropertiesTest {
    private static final String PEM = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----";

    @TempDir
    Path dir;

    @Test
    void shouldMergeTheRunsFilesInOrderTheWireLastAndSendTheCertificateAsText() throws Exception {
        Path pem = Files.writeString(dir.resolve("cert.pem"), PEM + "\n");
        Path tuning = Files.writeString(dir.resolve("tuning.properties"), "jmeterengine.force.system.exit=true\n");
        Path knobs = Files.writeString(dir.resolve("jmeter.properties"), "protocol=http1\njmeter.config1.users=4\n");
        Path target = Files.writeString(
                dir.resolve("target.properties"),
                "target.url=http://127.0.0.1:1\njmeter.trustedCertificate=" + pem
                        + "\ngatling.ssl.trustStore.file=/x\nloadlab.reach=target=127.0.0.1:1,target=127.0.0.1:2\n");
        Path wire = Files.writeString(dir.resolve("h2.properties"), "protocol=http2\ntarget.url=https://127.0.0.1:2\n");

        Properties p = RemoteProperties.merged(List.of(dir.resolve("absent.properties"), tuning, knobs, target, wire));

        assertEquals("http2", p.getProperty("protocol"), "the wire's file wins");
        assertEquals("https://127.0.0.1:2", p.getProperty("target.url"));
        assertEquals("4", p.getProperty("jmeter.config1.users"));
        assertEquals(PEM, p.getProperty("jmeter.trustedCertificate"), "no path of the controller's on an engine");
        assertFalse(p.containsKey("gatling.ssl.trustStore.file"));
        assertFalse(p.containsKey("jmeterengine.force.system.exit"), "an engine serves run after run");
        assertEquals(
                "target=127.0.0.1:1,target=127.0.0.1:2",
                p.getProperty("loadlab.reach"),
                "each engine holds its requests to the build's reach");

        Path out = dir.resolve("out.properties");
        RemoteProperties.write(p, out);
        Properties back = new Properties();
        try (var in = Files.newInputStream(out)) {
            back.load(in);
        }
        assertEquals(PEM, back.getProperty("jmeter.trustedCertificate"), "newlines survive JMeter's -G file");
    }
}
