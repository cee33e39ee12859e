package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server process around a build: started, answering, stopped; and gone when its build dies. */
class ServerControlTest {

  @Test
  void shouldStartAServerThatAnswersAndStopItCompletely(@TempDir Path dir) throws Exception {
    assertEquals(0, ServerControl.start(dir, 60, new String[] {"--http-port=0", "--tls-port=0"}));
    long pid = Long.parseLong(Files.readString(dir.resolve("server.pid")).trim());
    ProcessHandle server = ProcessHandle.of(pid).orElseThrow();
    try {
      String ready = Files.readAllLines(dir.resolve("server.log")).stream()
          .filter(l -> l.startsWith("loadlab reference server ready")).findFirst().orElseThrow();
      String http = ready.substring(ready.indexOf("http=") + 5, ready.indexOf(' ', ready.indexOf("http=")));
      HttpResponse<String> health = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(URI.create(http + "/health")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, health.statusCode());
      String pem = Files.readString(dir.resolve("cert.pem"));
      assertTrue(pem.startsWith("-----BEGIN CERTIFICATE-----"), pem);
      assertFalse(pem.contains("PRIVATE KEY"), "only the public certificate is written");
    } finally {
      assertEquals(0, ServerControl.stop(dir));
    }
    assertFalse(server.isAlive(), "the server process must be gone after stop");
    assertFalse(Files.exists(dir.resolve("server.pid")));
    assertEquals(0, ServerControl.stop(dir), "stopping twice is harmless");
  }

  @Test
  void shouldExitWhenTheProcessItWatchesEnds() throws Exception {
    Process build = new ProcessBuilder("sleep", "120").start(); // stands in for a Maven JVM killed with -9
    Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), ReferenceServer.class.getName(),
        "--http-port=0", "--tls-port=0", "--exit-with-pid=" + build.pid())
        .redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream()));
      String line;
      while ((line = out.readLine()) != null && !line.startsWith("loadlab reference server ready")) {
        // skip start-up lines
      }
      assertTrue(line != null, "server never became ready");
      build.destroyForcibly().waitFor();
      assertTrue(server.waitFor(20, TimeUnit.SECONDS), "server outlived the process it watched");
    } finally {
      server.destroyForcibly();
      build.destroyForcibly();
    }
  }

  @Test
  void shouldFailWithinSecondsForATargetThatDoesNotAnswer() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    long started = System.nanoTime();
    assertEquals(1, ServerControl.probe("http://127.0.0.1:" + port, 2));
    assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(10));
    assertEquals(2, ServerControl.probe("127.0.0.1:" + port, 2), "not a URL");
  }

  @Test
  void shouldRefuseToStartWhenThePortIsTaken(@TempDir Path dir) throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int code = ServerControl.start(dir, 30,
          new String[] {"--http-port=" + taken.getLocalPort(), "--tls-port=0"});
      assertEquals(1, code);
      List<String> log = Files.readAllLines(dir.resolve("server.log"));
      assertTrue(log.stream().anyMatch(l -> l.contains("cannot start")), String.join("\n", log));
      assertFalse(Files.exists(dir.resolve("server.pid")));
    }
  }
}
