package dev.loadlab.live;

import dev.loadlab.report.model.Check;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A run a {@code :stop} limit ended (dev.loadlab.live) fails the gate, as k6 fails a test its abortOnFail threshold
 * ended: the check names the row, the figure and its bound, and when the run was stopped. The row's own limit checks
 * judge what it sent until then.
 */
public final class LimitStops {
    public static final String KIND = "stopped";
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private LimitStops() {}

    public static List<Check> checks(Path stopsFile) throws IOException {
        return Stops.read(stopsFile).stream().map(LimitStops::check).toList();
    }

    static Check check(Stops.Stop s) {
        StopLimits.Crossing c = s.crossing();
        return new Check(
                KIND,
                c.row(),
                c.figure().replace("Ms", " ms").replace("errorPct", "error %"),
                "",
                Check.fmt(c.value()),
                "<= " + Check.fmt(c.bound()) + " (:stop): stopped at "
                        + CLOCK.format(Instant.ofEpochMilli(s.atEpochMs()))
                        + " UTC, " + (s.atEpochMs() - s.runStartEpochMs()) / 1000 + " s into the run, after "
                        + c.samples() + " samples",
                false);
    }
}
