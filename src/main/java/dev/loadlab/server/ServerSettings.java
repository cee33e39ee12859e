package dev.loadlab.server;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Every knob of the reference server: a default, a unit in its name, a range check. Values come from
 * {@code --name=value} arguments first, then {@code -Dserver.name=value} system properties.
 * A bad value stops the server before it binds a port, with one line naming the setting.
 */
public record ServerSettings(
    int httpPort,
    int tlsPort,
    String bindHost,
    int maxThreads,
    int maxInFlight,
    int maxBodyKb,
    String dbUrl,
    String dbUser,
    String dbPassword,
    int dbPoolSize,
    int jdbcBatchRows,
    String gatewayUpstream,
    int gatewayTimeoutMs,
    String certPemFile,
    long exitWithPid) {

  public static final int DEFAULT_MAX_THREADS = 200;
  /** Requests admitted at once, running or waiting; one more is answered 503 at once. */
  public static final int DEFAULT_MAX_IN_FLIGHT = 4096;
  /** 8 MiB holds 20,000 records of the largest shape (~140 bytes each) in one bulk request, with room. */
  public static final int DEFAULT_MAX_BODY_KB = 8 * 1024;
  public static final int DEFAULT_DB_POOL_SIZE = 16;
  public static final int DEFAULT_JDBC_BATCH_ROWS = 1000;
  public static final int DEFAULT_GATEWAY_TIMEOUT_MS = 30_000;

  /** Thrown for a bad setting; its message is the one line shown to the user. */
  public static final class InvalidSetting extends IllegalArgumentException {
    InvalidSetting(String message) {
      super(message);
    }
  }

  public static ServerSettings defaults() {
    return fromArgs(new String[0]);
  }

  /** Reads {@code --http-port=0 --tls-port=0 ...}; an unknown argument is an error, not ignored. */
  public static ServerSettings fromArgs(String[] args) {
    Map<String, String> given = new HashMap<>();
    for (String arg : args) {
      if (!arg.startsWith("--") || !arg.contains("=")) {
        throw new InvalidSetting("argument '" + arg + "' is not of the form --name=value; known names: " + KNOWN);
      }
      String name = arg.substring(2, arg.indexOf('='));
      if (!KNOWN.contains("--" + name + " ")) {
        throw new InvalidSetting("unknown setting --" + name + "; known names: " + KNOWN);
      }
      given.put(name, arg.substring(arg.indexOf('=') + 1));
    }
    Source s = new Source(given);
    return new ServerSettings(
        s.integer("http-port", 8080, 0, 65535),
        s.integer("tls-port", 8443, 0, 65535),
        s.text("bind-host", "127.0.0.1"),
        s.integer("max-threads", DEFAULT_MAX_THREADS, 8, 10_000),
        s.integer("max-in-flight", DEFAULT_MAX_IN_FLIGHT, 1, 1_000_000),
        s.integer("max-body-kb", DEFAULT_MAX_BODY_KB, 1, 1024 * 1024),
        s.text("db-url", ""),
        s.text("db-user", "sa"),
        Optional.ofNullable(System.getenv("LOADLAB_DB_PASSWORD")).orElse(s.text("db-password", "")),
        s.integer("db-pool-size", DEFAULT_DB_POOL_SIZE, 1, 1000),
        s.integer("jdbc-batch-rows", DEFAULT_JDBC_BATCH_ROWS, 1, 100_000),
        upstream(s.text("gateway-upstream", "")),
        s.integer("gateway-timeout-ms", DEFAULT_GATEWAY_TIMEOUT_MS, 1, 600_000),
        s.text("cert-pem", ""),
        s.integer("exit-with-pid", 0, 0, Integer.MAX_VALUE));
  }

  static final String KNOWN = "--http-port --tls-port --bind-host --max-threads --max-in-flight --max-body-kb "
      + "--db-url --db-user --db-password --db-pool-size --jdbc-batch-rows --gateway-upstream "
      + "--gateway-timeout-ms --cert-pem --exit-with-pid ";

  /** Empty means "this server's own plain port"; anything else must be an absolute http(s) URL. */
  private static String upstream(String url) {
    if (url.isEmpty()) {
      return url;
    }
    try {
      java.net.URI uri = java.net.URI.create(url);
      if (("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
      }
    } catch (IllegalArgumentException e) {
      // reported below with the allowed form
    }
    throw new InvalidSetting("--gateway-upstream='" + url + "' is not a URL; allowed: http://host:port or https://host:port");
  }

  public long maxBodyBytes() {
    return maxBodyKb * 1024L;
  }

  /** Arguments win over system properties ({@code server.<name>}), which win over the default. */
  private record Source(Map<String, String> args) {
    String text(String name, String fallback) {
      String v = args.get(name);
      return v != null ? v : System.getProperty("server." + name, fallback);
    }

    int integer(String name, int fallback, int min, int max) {
      String raw = text(name, Integer.toString(fallback)).trim();
      int value;
      try {
        value = Integer.parseInt(raw);
      } catch (NumberFormatException e) {
        throw new InvalidSetting("--" + name + "='" + raw + "' is not a whole number; allowed: " + min + ".." + max);
      }
      if (value < min || value > max) {
        throw new InvalidSetting("--" + name + "=" + value + " is out of range; allowed: " + min + ".." + max);
      }
      return value;
    }
  }
}
