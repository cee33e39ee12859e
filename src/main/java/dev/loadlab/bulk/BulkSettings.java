package dev.loadlab.bulk;

import static dev.loadlab.bulk.BulkKnobs.DROP;
import static dev.loadlab.bulk.BulkKnobs.FLUSH_ROWS;
import static dev.loadlab.bulk.BulkKnobs.HTTP_HOST;
import static dev.loadlab.bulk.BulkKnobs.HTTP_PORT;
import static dev.loadlab.bulk.BulkKnobs.LOGIN_TIMEOUT_SECONDS;
import static dev.loadlab.bulk.BulkKnobs.MAX_CONNECTIONS;
import static dev.loadlab.bulk.BulkKnobs.MODES;
import static dev.loadlab.bulk.BulkKnobs.PAIRS;
import static dev.loadlab.bulk.BulkKnobs.PASSWORD;
import static dev.loadlab.bulk.BulkKnobs.REPETITIONS;
import static dev.loadlab.bulk.BulkKnobs.RESULTS_FILE;
import static dev.loadlab.bulk.BulkKnobs.STATEMENT_ROWS;
import static dev.loadlab.bulk.BulkKnobs.URL;
import static dev.loadlab.bulk.BulkKnobs.USER;
import static dev.loadlab.bulk.BulkKnobs.WAIT_SECONDS;

import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.UrlMask;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The bench's typed view of its knobs, read once from {@link Settings} before anything touches a database.
 * Names, ranges, defaults and units live in {@link dev.loadlab.bulk.BulkKnobs} only; a bad value is the
 * catalogue's one-line {@link SettingError}. The fields mean what the knob of the same name says there.
 *
 * @param user     from {@code BULK_USER} only; never printed
 * @param password from {@code BULK_PASSWORD} only; never printed
 */
public record BulkSettings(
        String url,
        Optional<String> user,
        Optional<String> password,
        List<Mode> modes,
        List<Pair> pairs,
        int repetitions,
        int waitSeconds,
        int flushRows,
        int statementRows,
        int maxConnections,
        boolean drop,
        int loginTimeoutSeconds,
        Path resultsFile,
        String httpHost,
        int httpPort) {

    private static final String PREFIX = "bulk.";

    /** This JVM's settings ({@code -Dbulk.name=value}, the build's file), credentials from the environment. */
    public static BulkSettings fromSystem() {
        return from(Settings.fromSystem());
    }

    static BulkSettings from(Settings s) {
        refuseUnknown(s);
        return new BulkSettings(
                s.get(URL),
                s.secret(USER),
                s.secret(PASSWORD),
                Mode.parseList(s.get(MODES)),
                Pair.parseList(s.get(PAIRS)),
                s.integer(REPETITIONS),
                s.integer(WAIT_SECONDS),
                s.integer(FLUSH_ROWS),
                s.integer(STATEMENT_ROWS),
                s.integer(MAX_CONNECTIONS),
                s.bool(DROP),
                s.integer(LOGIN_TIMEOUT_SECONDS),
                Path.of(s.get(RESULTS_FILE)),
                s.get(HTTP_HOST),
                s.integer(HTTP_PORT));
    }

    /** A misspelt {@code -Dbulk.pair=...} would otherwise be ignored and the run use the default without a word. */
    private static void refuseUnknown(Settings s) {
        List<String> unknown = s.unknown(PREFIX);
        if (!unknown.isEmpty()) {
            List<String> known = Catalogue.ALL.stream()
                    .filter(k -> k.name().startsWith(PREFIX) && !k.secret())
                    .map(Setting::name)
                    .sorted()
                    .toList();
            throw new SettingError(
                    "-D" + unknown.get(0) + " is not allowed: expected one of " + String.join(", ", known));
        }
    }

    /**
     * The mains take no arguments: settings are JVM options. An old {@code --pairs=...} flag is refused rather
     * than ignored, so a script is never run at the defaults by mistake.
     */
    static void refuseArguments(String[] args) {
        if (args.length > 0) {
            throw new SettingError(
                    "argument '" + UrlMask.mask(args[0]) + "' is not allowed: expected none; give settings"
                            + " as JVM options such as -D" + PAIRS.name() + "=10x1000 (before the class name)");
        }
    }

    /** The same settings with another flush size (BulkVsNative compares several in one run). */
    BulkSettings withFlushRows(int rows) {
        return new BulkSettings(
                url,
                user,
                password,
                modes,
                pairs,
                repetitions,
                waitSeconds,
                rows,
                statementRows,
                maxConnections,
                drop,
                loginTimeoutSeconds,
                resultsFile,
                httpHost,
                httpPort);
    }

    /** True when the bench starts and owns its H2 server. */
    public boolean embedded() {
        return url.isEmpty();
    }

    /** Rows per executeBatch for a batch of {@code batchSize} rows. */
    public int flushRowsFor(int batchSize) {
        return flushRows == 0 ? batchSize : Math.min(flushRows, batchSize);
    }

    /**
     * Connections a run of {@code pair} in {@code mode} holds open at once: parallel mode gives each batch its own
     * (bulkbench's goroutine per batch), unless {@code maxConnections} caps them.
     */
    public int connectionsFor(Mode mode, Pair pair) {
        if (mode == Mode.SEQUENTIAL) {
            return 1;
        }
        return maxConnections == 0 ? pair.batchCount() : Math.min(pair.batchCount(), maxConnections);
    }

    /** Never show the credentials, not even in a debugger's toString. */
    @Override
    public String toString() {
        return "BulkSettings[url=" + UrlMask.mask(url) + ", modes=" + modes + ", pairs=" + pairs + ", repetitions="
                + repetitions + ", waitSeconds=" + waitSeconds + ", flushRows=" + flushRows + ", statementRows="
                + statementRows + ", maxConnections="
                + maxConnections + ", drop=" + drop + "]";
    }
}
