package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.GatlingReportPage;
import dev.loadlab.report.read.JmeterCsv;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Checks that summary.json's Gatling and JMeter figures agree with each tool's own report of the same run (the
 * copies under reports/): Gatling's "All Requests" line of its index.html, JMeter's statistics.json. Counts, errors,
 * min and max must be equal and means equal to the tool's rounding. Percentiles, each by how it is computed:
 * <ul>
 *   <li>summary.json's: the nearest-rank value of the raw samples (the run's own log or CSV) to the resolution of
 *       its histogram ({@link LatencyStats#sameBucket}: exact below 2,048 ms, within 0.1 % above);
 *   <li>JMeter's: interpolated between samples, so within {@value #RANK_TOLERANCE_PCT} percentile points of its rank,
 *       either way, or two samples' share where a label has fewer than 100 ({@link #rankTolerance});
 *   <li>Gatling's (3.13 to 3.15.1): a t-digest 3.3 AVLTreeDigest whose counts go stale on repeated whole-millisecond
 *       values, so its percentiles fall below the real ones, by an amount no bound describes and that changes from
 *       one reading of the same log to the next (gatling/gatling#4715, tdunning/t-digest#230). The check keeps what
 *       holds: the value is not more than {@value #DIGEST_ABOVE_PCT} points above its rank's band.
 * </ul>
 */
final class NativeAgreement {
    static final double RANK_TOLERANCE_PCT = 2.0;
    /**
     * Gatling's digest errs high too, by a little: its p75 of an ODataWrite smoke run stood 2.4 points above its rank
     * (19 ms where 77.4 % of the samples took at most 18 ms; whole-millisecond ties). Twice that is allowed above.
     */
    static final double DIGEST_ABOVE_PCT = 4.0;

    /** One compared figure, and the rule it was held to. */
    record Comparison(String where, String figure, String summary, String nativeValue, boolean agrees, String rule) {
        Comparison(String where, String figure, String summary, String nativeValue, boolean agrees) {
            this(where, figure, summary, nativeValue, agrees, "summary.json = native report");
        }
    }

    /** Which way a tool's percentile may stand from its rank. */
    enum Estimate {
        /** within the band either way (JMeter) */
        BOTH_WAYS,
        /** below the band by any amount, above it by a little (Gatling's digest errs low) */
        LOW_ONLY
    }

    private NativeAgreement() {}

    static List<Comparison> gatling(Summary.Row row, Path nativeIndexHtml, Path simulationLog) throws IOException {
        GatlingReportPage.Stats n = GatlingReportPage.allRequests(nativeIndexHtml);
        long[] raw = GatlingLog.read(simulationLog).requests().stream()
                .mapToLong(GatlingLog.Request::responseMs)
                .sorted()
                .toArray();
        String where = row.key();
        long ko = Math.round(row.errorPct() * row.samples() / 100);
        List<Comparison> out = new ArrayList<>();
        out.add(equal(where, "samples", row.samples(), n.total()));
        out.add(equal(where, "failed", ko, n.ko()));
        out.add(equal(where, "min ms", row.minMs(), n.min()));
        out.add(equal(where, "max ms", row.maxMs(), n.max()));
        out.add(equal(where, "mean ms (rounded)", Math.round(row.avgMs()), n.mean()));
        out.add(equal(where, "std dev ms (rounded)", Math.round(row.stdDevMs()), n.stdDev()));
        out.addAll(percentiles(
                where,
                raw,
                new double[] {50, 75, 95, 99},
                new long[] {row.p50Ms(), row.p75Ms(), row.p95Ms(), row.p99Ms()},
                new double[] {n.p50(), n.p75(), n.p95(), n.p99()},
                Estimate.LOW_ONLY));
        return out;
    }

    /** {@code statistics} is JMeter's entry for the same label ("Total" for all samples). */
    static List<Comparison> jmeter(
            Summary.Row row, com.fasterxml.jackson.databind.JsonNode statistics, long[] rawSorted) {
        String where = row.key();
        List<Comparison> out = new ArrayList<>();
        out.add(equal(
                where, "samples", row.samples(), statistics.path("sampleCount").asLong(-1)));
        out.add(equal(
                where,
                "failed",
                Math.round(row.errorPct() * row.samples() / 100),
                statistics.path("errorCount").asLong(-1)));
        out.add(equal(
                where,
                "min ms",
                row.minMs(),
                Math.round(statistics.path("minResTime").asDouble(-1))));
        out.add(equal(
                where,
                "max ms",
                row.maxMs(),
                Math.round(statistics.path("maxResTime").asDouble(-1))));
        out.add(close(
                where, "mean ms", row.avgMs(), statistics.path("meanResTime").asDouble(-1)));
        out.add(close(
                where,
                "throughput/s",
                row.throughputPerSec(),
                statistics.path("throughput").asDouble(-1)));
        out.add(close(
                where,
                "received KB/s",
                row.receivedKBPerSec(),
                statistics.path("receivedKBytesPerSec").asDouble(-1)));
        out.add(close(
                where,
                "sent KB/s",
                row.sentKBPerSec(),
                statistics.path("sentKBytesPerSec").asDouble(-1)));
        out.addAll(percentiles(
                where,
                rawSorted,
                new double[] {50, 90, 95, 99},
                new long[] {row.p50Ms(), row.p90Ms(), row.p95Ms(), row.p99Ms()},
                new double[] {
                    statistics.path("medianResTime").asDouble(-1),
                    statistics.path("pct1ResTime").asDouble(-1),
                    statistics.path("pct2ResTime").asDouble(-1),
                    statistics.path("pct3ResTime").asDouble(-1)
                },
                Estimate.BOTH_WAYS));
        return out;
    }

    /** Elapsed times of every sample of one label (null: all labels) in a JMeter results CSV, sorted. */
    static long[] jmeterElapsed(Path csv, String label) throws IOException {
        java.util.stream.LongStream.Builder out = java.util.stream.LongStream.builder();
        JmeterCsv.read(csv, header -> {
            int elapsed = header.indexOf("elapsed");
            int labelAt = header.indexOf("label");
            return f -> {
                if (f.size() == header.size()
                        && (label == null || f.get(labelAt).equals(label))) {
                    out.add(Long.parseLong(f.get(elapsed)));
                }
            };
        });
        return out.build().sorted().toArray();
    }

    static List<Comparison> percentiles(
            String where, long[] raw, double[] ps, long[] summary, double[] nativeValues, Estimate estimate) {
        List<Comparison> out = new ArrayList<>();
        for (int i = 0; i < ps.length; i++) {
            double p = ps[i];
            long exact = raw.length == 0 ? 0 : raw[(int) Math.max(0, Math.ceil(p / 100 * raw.length) - 1)];
            out.add(new Comparison(
                    where,
                    "p" + (int) p + " ms exact rank",
                    String.valueOf(summary[i]),
                    "raw " + exact,
                    LatencyStats.sameBucket(summary[i], exact),
                    "summary.json = raw rank, to 3 significant digits"));
            double v = nativeValues[i];
            double below = 100.0 * count(raw, x -> x < v) / raw.length;
            double atOrBelow = 100.0 * count(raw, x -> x <= v) / raw.length;
            double tolerance = rankTolerance(raw.length);
            boolean notAbove = below <= p + (estimate == Estimate.LOW_ONLY ? DIGEST_ABOVE_PCT : tolerance);
            boolean inBand = notAbove && (estimate == Estimate.LOW_ONLY || atOrBelow >= p - tolerance);
            out.add(new Comparison(
                    where,
                    "p" + (int) p + " ms rank of native value",
                    String.valueOf(summary[i]),
                    String.format(Locale.ROOT, "%s (rank %.1f..%.1f %%)", Check.fmt(v), below, atOrBelow),
                    inBand,
                    estimate == Estimate.LOW_ONLY
                            ? "native rank <= p + " + Check.fmt(DIGEST_ABOVE_PCT) + " (Gatling's digest errs low)"
                            : "native rank = p +/- " + Check.fmt(tolerance)));
        }
        return out;
    }

    /**
     * How far JMeter's interpolated percentile may stand from its rank: {@value #RANK_TOLERANCE_PCT} points, or two
     * samples' share where there are few. JMeter (commons-math) places p at (n + 1) * p among n samples and
     * interpolates between the two samples around it, whose ranks stand up to 2 / n from p: with 18 samples of a
     * request, 11 points.
     */
    static double rankTolerance(int samples) {
        return samples == 0 ? RANK_TOLERANCE_PCT : Math.max(RANK_TOLERANCE_PCT, 200.0 / samples);
    }

    private static long count(long[] sorted, java.util.function.LongPredicate test) {
        return Arrays.stream(sorted).filter(test).count();
    }

    private static Comparison equal(String where, String figure, long summary, long nativeValue) {
        return new Comparison(
                where, figure, String.valueOf(summary), String.valueOf(nativeValue), summary == nativeValue);
    }

    /** Equal within 0.5 % (or 0.01): JMeter prints doubles computed in another order. */
    private static Comparison close(String where, String figure, Double summary, double nativeValue) {
        boolean ok =
                summary != null && Math.abs(summary - nativeValue) <= Math.max(0.01, Math.abs(nativeValue) * 0.005);
        return new Comparison(where, figure, summary == null ? "-" : Check.fmt(summary), Check.fmt(nativeValue), ok);
    }
}
