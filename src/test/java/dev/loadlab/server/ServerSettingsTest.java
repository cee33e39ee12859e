package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ServerSettingsTest {

  private static String refusal(String... args) {
    return assertThrows(ServerSettings.InvalidSetting.class, () -> ServerSettings.fromArgs(args)).getMessage();
  }

  @Test
  void shouldUseDocumentedDefaults() {
    ServerSettings s = ServerSettings.defaults();
    assertEquals(8080, s.httpPort());
    assertEquals(8443, s.tlsPort());
    assertEquals("127.0.0.1", s.bindHost());
    assertEquals(8L * 1024 * 1024, s.maxBodyBytes());
    assertEquals("", s.dbUrl());
  }

  @Test
  void shouldNameTheSettingAndItsRangeWhenOutOfRange() {
    String message = refusal("--http-port=70000");
    assertTrue(message.contains("--http-port") && message.contains("0..65535"), message);
  }

  @Test
  void shouldNameTheSettingWhenNotANumber() {
    String message = refusal("--max-in-flight=lots");
    assertTrue(message.contains("--max-in-flight") && message.contains("1..1000000"), message);
  }

  @Test
  void shouldListKnownNamesForAnUnknownSetting() {
    String message = refusal("--htp-port=1");
    assertTrue(message.contains("--htp-port") && message.contains("--http-port"), message);
  }

  @Test
  void shouldRefuseAnUpstreamThatIsNotAnHttpUrl() {
    String message = refusal("--gateway-upstream=ftp://x");
    assertTrue(message.contains("--gateway-upstream") && message.contains("http://host:port"), message);
  }
}
