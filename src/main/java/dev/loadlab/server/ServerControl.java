package dev.loadlab.server;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts and stops the reference server around a build's load runs, and checks an external target.
 * <ul>
 *   <li>{@code start DIR WAIT_S --http-port=N --tls-port=N ...}: forks the server (log, pid and
 *       certificate in DIR), returns once it answers /health; the server exits when the process that
 *       ran this command (Maven) ends, so a killed build leaves nothing behind.</li>
 *   <li>{@code stop DIR}: stops the server recorded in DIR and waits until it has exited.</li>
 *   <li>{@code probe URL WAIT_S}: fails with one line unless URL answers HTTP within WAIT_S.</li>
 * </ul>
 */
public final class ServerControl {
  private static final long STOP_GRACE_SECONDS = 15;

  public static void main(String[] args) throws Exception {
    String command = args.length > 0 ? args[0] : "";
    int code;
    try {
      code = run(command, args);
    } catch (IllegalArgumentException badSetting) {
      System.err.println("loadlab: " + badSetting.getMessage());
      code = 2;
    }
    System.exit(code);
  }

  private static int run(String command, String[] args) throws Exception {
    int code;
    switch (command) {
      case "start" -> code = args.length >= 3 ? start(Path.of(args[1]), seconds(args[2]),
          Arrays.copyOfRange(args, 3, args.length)) : usage();
      case "stop" -> code = args.length == 2 ? stop(Path.of(args[1])) : usage();
      case "probe" -> code = args.length == 3 ? probe(args[1], seconds(args[2])) : usage();
      default -> code = usage();
    }
    return code;
  }

  private static int usage() {
    System.err.println("usage: ServerControl start DIR WAIT_SECONDS [--name=value ...] | stop DIR | probe URL WAIT_SECONDS");
    return 2;
  }

  static int start(Path dir, int waitSeconds, String[] serverArgs) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path pidFile = dir.resolve("server.pid");
    Path log = dir.resolve("server.log");
    if (Files.exists(pidFile) && running(pidFile).isPresent()) {
      System.err.println("loadlab: a reference server from an earlier build still runs (" + pidFile + "); stopping it");
      stop(dir);
    }
    // The class path goes in CLASSPATH, not -cp: the JDK reads at most 4096 bytes of a command line
    // (ProcessHandle.Info), and stop() finds the server by the class name that follows the class path.
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.util.prefs.userRoot=" + dir.resolve("prefs"),
        ReferenceServer.class.getName()));
    command.addAll(Arrays.asList(serverArgs));
    command.add("--cert-pem=" + dir.resolve("cert.pem"));
    // Our parent is the Maven JVM: the server watches it and exits with it.
    command.add("--exit-with-pid=" + ProcessHandle.current().parent().map(ProcessHandle::pid).orElse(0L));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("CLASSPATH", System.getProperty("java.class.path"));
    Process server = builder.start();
    Files.writeString(pidFile, Long.toString(server.pid()));

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds);
    String readyLine = null;
    while (readyLine == null && server.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(100);
      readyLine = Files.readAllLines(log, StandardCharsets.UTF_8).stream()
          .filter(l -> l.startsWith("loadlab reference server ready")).findFirst().orElse(null);
    }
    if (readyLine == null || !answers(httpBase(readyLine) + "/health", 5)) {
      server.destroyForcibly().waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
      Files.deleteIfExists(pidFile);
      System.err.println("loadlab: the reference server did not become ready within " + waitSeconds
          + " s (target.waitSeconds); its log " + log + " ends with:");
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(l -> System.err.println("  " + l));
      return 1;
    }
    System.out.println("loadlab: " + readyLine + " (log " + log + ")");
    return 0;
  }

  static int stop(Path dir) throws IOException, InterruptedException {
    Path pidFile = dir.resolve("server.pid");
    Optional<ProcessHandle> server = Files.exists(pidFile) ? running(pidFile) : Optional.empty();
    Files.deleteIfExists(pidFile);
    if (server.isEmpty()) {
      System.out.println("loadlab: no reference server running for " + dir);
      return 0;
    }
    ProcessHandle handle = server.get();
    handle.destroy(); // SIGTERM: the server's shutdown hook closes connections and the database
    if (!exited(handle)) {
      handle.destroyForcibly();
      exited(handle);
    }
    System.out.println("loadlab: reference server pid " + handle.pid() + " stopped");
    return 0;
  }

  static int probe(String url, int waitSeconds) {
    if (!url.startsWith("http://") && !url.startsWith("https://")) {
      System.err.println("loadlab: target.url='" + url + "' is not a URL; allowed: http://host:port or https://host:port");
      return 2;
    }
    if (!answers(url, waitSeconds)) {
      System.err.println("loadlab: target.url " + url + " did not answer HTTP within " + waitSeconds
          + " s (target.waitSeconds); no load was sent");
      return 1;
    }
    System.out.println("loadlab: target " + url + " answers");
    return 0;
  }

  private static boolean exited(ProcessHandle process) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_GRACE_SECONDS);
    while (process.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    return !process.isAlive();
  }

  /** The pid file's process, only if it is still our server (a pid can be reused by anything). */
  private static Optional<ProcessHandle> running(Path pidFile) throws IOException {
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).filter(p -> p.info().commandLine()
        .map(c -> c.contains(ReferenceServer.class.getName())).orElse(false));
  }

  /** Any HTTP status counts as an answer: a target may well 404 its root. */
  private static boolean answers(String url, int waitSeconds) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds);
    do {
      try {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        c.setConnectTimeout(1_000);
        c.setReadTimeout(2_000);
        c.getResponseCode();
        c.disconnect();
        return true;
      } catch (javax.net.ssl.SSLException untrusted) {
        return true; // it speaks TLS; whether to trust its certificate is each tool's setting
      } catch (IOException notYet) {
        sleepQuietly();
      }
    } while (System.nanoTime() < deadline);
    return false;
  }

  private static String httpBase(String readyLine) {
    int from = readyLine.indexOf("http=") + "http=".length();
    return readyLine.substring(from, readyLine.indexOf(' ', from));
  }

  private static int seconds(String raw) {
    try {
      int s = Integer.parseInt(raw);
      if (s >= 1 && s <= 3600) {
        return s;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("target.waitSeconds='" + raw + "' is not allowed; allowed: 1..3600");
  }

  private static void sleepQuietly() {
    try {
      Thread.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
