package dev.loadlab.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EnginesTest {

    @Test
    void shouldParseACommaListOfHostAndPortAsJMeterTakesIt() {
        Engines engines =
                Engines.parse("127.0.0.2:4000, engine-1.example.org:4001").orElseThrow();

        assertEquals(
                List.of(new Engines.Engine("127.0.0.2", 4000), new Engines.Engine("engine-1.example.org", 4001)),
                engines.list());
        assertEquals("127.0.0.2:4000,engine-1.example.org:4001", engines.serverList());
    }

    @Test
    void shouldRefuseAnythingButHostColonPortWithTheEnginesPortPlusOneFree() {
        for (String bad : List.of(
                "",
                "127.0.0.2",
                ":4000",
                "127.0.0.2:",
                "127.0.0.2:0",
                "127.0.0.2:65535",
                "127.0.0.2:4000,",
                "127.0.0.256:4000",
                "1.2.3:4000",
                "[::1]:4000",
                "host name:4000",
                "127.0.0.2:4000,127.0.0.2:4000")) {
            assertEquals(Optional.empty(), Engines.parse(bad), bad);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "127.0.0.2, true",
        "127.255.255.254, true",
        "localhost, true",
        "128.0.0.1, false",
        "10.0.0.5, false",
        "127.example.org, false",
        "0.0.0.0, false"
    })
    void shouldTellLoopbackFromTheTextAlone(String host, boolean loopback) {
        assertEquals(loopback, Engines.isLoopback(host), host);
    }

    @Test
    void shouldRefuseAnEngineListThatIsNoListInOneLineNamingTheSetting() {
        List<String> problems =
                Settings.of(Map.of("jmeter.engines", "127.0.0.2")).problems();

        assertEquals(
                List.of("-Djmeter.engines=127.0.0.2 is not allowed: expected a comma-separated list of host:port (an"
                        + " IPv4 address or a host name, a port in [1, 65534])"),
                problems);
    }

    @Test
    void shouldRefuseTheProfileWithoutEngines() {
        assertEquals(
                List.of("-Pdistributed needs -Djmeter.engines: expected a comma-separated list of host:port (an IPv4"
                        + " address or a host name, a port in [1, 65534]), e.g. 127.0.0.2:4000,127.0.0.3:4001"),
                Engines.problems(Settings.of(Map.of()), true));
        assertEquals(List.of(), Engines.problems(Settings.of(Map.of()), false), "no profile, no engines: as before");
    }

    @Test
    void shouldAllowRmiWithoutTlsOnlyWhenEveryEngineIsOnLoopback() {
        assertEquals(
                List.of(),
                Engines.problems(
                        Settings.of(
                                Map.of("jmeter.engines", "127.0.0.2:4000,127.0.0.3:4001", "jmeter.rmiTls", "false")),
                        true));
        assertEquals(
                List.of("-Djmeter.rmiTls=false is not allowed: expected true unless every engine (and"
                        + " -Djmeter.controllerHost) is on loopback (127.0.0.0/8); off it RMI runs over TLS"),
                Engines.problems(
                        Settings.of(Map.of(
                                "jmeter.engines", "127.0.0.2:4000,10.0.0.5:4000",
                                "jmeter.rmiTls", "false",
                                "jmeter.controllerHost", "10.0.0.4")),
                        true));
        assertEquals(
                1,
                Engines.problems(
                                Settings.of(Map.of(
                                        "jmeter.engines", "127.0.0.2:4000",
                                        "jmeter.rmiTls", "false",
                                        "jmeter.controllerHost", "10.0.0.4")),
                                true)
                        .size(),
                "a controller off loopback with TLS off is refused too");
    }

    @Test
    void shouldNeedTheControllersAddressForEnginesOffLoopbackOnly() {
        assertEquals(
                List.of("-Djmeter.controllerHost is needed: expected an IPv4 address or host name of this machine that"
                        + " every engine can reach (engines off loopback send their samples back to it)"),
                Engines.problems(Settings.of(Map.of("jmeter.engines", "10.0.0.5:4000")), true));
        Settings loopback = Settings.of(Map.of("jmeter.engines", "127.0.0.2:4000"));
        assertEquals(List.of(), Engines.problems(loopback, true));
        assertEquals("127.0.0.1", Engines.controllerHost(loopback));
    }
}
