package dev.loadlab.server;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import dev.loadlab.settings.OwnKnobs;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.HdrHistogram.ConcurrentHistogram;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The calibration experiment's route, {@code GET /calibrate?tag=T&latencyMs=M}: answers a small JSON body M ms after
 * the request arrived (see {@link Holds}), and counts each tag itself, so that every tool's figures can be set
 * beside the server's own: how many requests of that tag were answered, from the first one's arrival to the last
 * one's answer, and how long the server held them (arrival to the answer written). {@code GET /calibrate/counts}
 * gives the counts, uncounted; requests of other routes that carry a tag in a header are counted alike ({@link #tagged}).
 * Tags are bounded in number and shape: the counts cannot grow without limit.
 */
public final class CalibrationEndpoint {
    static final String PATH = "/calibrate";
    public static final String COUNTS_PATH = "/calibrate/counts";
    static final int MAX_TAGS = 1024;
    private static final int MAX_TAG_LENGTH = 80;
    private static final Pattern TAG = Pattern.compile("[A-Za-z0-9._-]+");
    /** Hold times up to a minute at 3 significant digits, in microseconds. */
    private static final long MAX_HOLD_MICROS = TimeUnit.MINUTES.toMicros(1);

    private final Replies replies;
    private final Map<String, Tally> tallies = new ConcurrentHashMap<>();
    private final ByteBuffer body = Replies.constant("{\"calibrated\":true}".getBytes(StandardCharsets.UTF_8));

    CalibrationEndpoint(Replies replies) {
        this.replies = replies;
    }

    /** What the server saw of one tag. Times are epoch milliseconds, to be set beside the tools' own timestamps. */
    private static final class Tally {
        final AtomicLong count = new AtomicLong();
        final AtomicLong firstArrivalMs = new AtomicLong(Long.MAX_VALUE);
        final AtomicLong lastAnswerMs = new AtomicLong(Long.MIN_VALUE);
        final ConcurrentHistogram holdMicros = new ConcurrentHistogram(MAX_HOLD_MICROS, 3);
    }

    void calibrate(Request request, Response response, Callback callback) {
        Fields query = Request.extractQueryParameters(request);
        int latencyMs = PayloadEndpoints.parameter(query, "latencyMs", 0, 0, PayloadEndpoints.MAX_LATENCY_MS);
        Callback counted = counting(tally(query.getValue("tag")), request, callback);
        Holds.answerAfter(request, latencyMs, () -> replies.send(response, counted, 200, Replies.JSON, body.slice()));
    }

    /**
     * Any other route's request that names a tag in {@value OwnKnobs#TAG_HEADER} (your own experiments' requests,
     * OwnKnobs.tag) is counted alike once answered, whatever its status. A tag the route check above would refuse is
     * not counted here, and the request goes on: the report then finds the server's count short.
     */
    Callback tagged(Request request, Callback callback) {
        String tag = request.getHeaders().get(OwnKnobs.TAG_HEADER);
        if (tag == null) {
            return callback;
        }
        try {
            return counting(tally(tag), request, callback);
        } catch (HttpFailure refused) {
            return callback;
        }
    }

    /** Counts the request into {@code tally} once its answer is written; {@code callback} itself without a tally. */
    private static Callback counting(Tally tally, Request request, Callback callback) {
        if (tally == null) {
            return callback;
        }
        long arrivedNanos = request.getBeginNanoTime();
        long arrivedMs = System.currentTimeMillis() - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - arrivedNanos);
        return Callback.from(callback, () -> {
            long heldNanos = System.nanoTime() - arrivedNanos;
            tally.holdMicros.recordValue(Math.min(MAX_HOLD_MICROS, TimeUnit.NANOSECONDS.toMicros(heldNanos)));
            tally.count.incrementAndGet();
            tally.firstArrivalMs.accumulateAndGet(arrivedMs, Math::min);
            tally.lastAnswerMs.accumulateAndGet(System.currentTimeMillis(), Math::max);
        });
    }

    /** null without a tag; a tag of another shape, or one past the limit, is refused before anything is counted. */
    private Tally tally(String tag) {
        if (tag == null) {
            return null;
        }
        Tally known = tallies.get(tag); // a known tag passed the check below once: the hot path is one lookup
        if (known != null) {
            return known;
        }
        if (tag.length() > MAX_TAG_LENGTH || !TAG.matcher(tag).matches()) {
            throw HttpFailure.badRequest("query parameter tag='" + tag + "' is not allowed; allowed: 1.."
                    + MAX_TAG_LENGTH + " letters, digits, '.', '-' or '_'");
        }
        if (tallies.size() >= MAX_TAGS) {
            throw HttpFailure.badRequest("more than " + MAX_TAGS + " calibration tags; restart the server");
        }
        return tallies.computeIfAbsent(tag, t -> new Tally());
    }

    void counts(Request request, Response response, Callback callback) {
        replies.json(response, callback, 200, countsJson());
    }

    /** {"tag":{"count":n,"firstArrivalMs":..,"lastAnswerMs":..,"holdP50Ms":..,"holdP99Ms":..,"holdMaxMs":..}, ...} */
    String countsJson() {
        StringBuilder json = new StringBuilder("{");
        new TreeMap<>(tallies).forEach((tag, t) -> {
            if (t.count.get() == 0) {
                return; // arrived, not answered yet: nothing to set beside a tool's figures
            }
            json.append(json.length() > 1 ? "," : "")
                    .append('"')
                    .append(JsonStringEncoder.getInstance().quoteAsString(tag))
                    .append("\":{\"count\":")
                    .append(t.count.get())
                    .append(",\"firstArrivalMs\":")
                    .append(t.firstArrivalMs.get())
                    .append(",\"lastAnswerMs\":")
                    .append(t.lastAnswerMs.get())
                    .append(",\"holdP50Ms\":")
                    .append(ms(t.holdMicros.getValueAtPercentile(50)))
                    .append(",\"holdP99Ms\":")
                    .append(ms(t.holdMicros.getValueAtPercentile(99)))
                    .append(",\"holdMaxMs\":")
                    .append(ms(t.holdMicros.getMaxValue()))
                    .append('}');
        });
        return json.append('}').toString();
    }

    private static String ms(long micros) {
        return String.format(java.util.Locale.ROOT, "%.3f", micros / 1000.0);
    }
}
