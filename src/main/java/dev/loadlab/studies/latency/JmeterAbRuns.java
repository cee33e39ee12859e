package dev.loadlab.studies.latency;

import dev.loadlab.report.model.LatencyStats;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.shared.Repeats;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * ApacheBench's summary of each of jmeter/latency.jmx's ab thread groups, labelled with ab's command line
 * ("ab -c 10 -n 1000", "ab -k -c 1 -n 50"; plans before it said "ab" and "ab -k" alone; a later repeat's ends in
 * " repeat=2"), from JMeter's CSV. JMeter records what ab's Connection Times table is made of: Connect (connect), Processing (elapsed -
 * connect), Waiting (latency, i.e. first byte, - connect) and Total (elapsed), all in whole ms like ab's.
 */
final class JmeterAbRuns {
    static final String PLAN = "latency";
    private static final java.util.regex.Pattern LABEL =
            java.util.regex.Pattern.compile("ab(?: -k)?(?: -c \\d+ -n \\d+)?" + Repeats.OPTIONAL);
    /** The plan saves each answer's body size under this name (JMeter property sample_variables). */
    static final String DOCUMENT_LENGTH = "documentLength";

    private JmeterAbRuns() {}

    /**
     * What it takes of the samples of JMeter's {@code plan}: those of the latency plan's ab thread groups, each label's
     * summary given to {@code into} once the CSV is read (in the order the labels first ran); nothing of another plan.
     */
    static Optional<RunReader.JmeterSamples> of(
            String protocol, String plan, List<String> header, Consumer<AbRun> into) {
        if (!plan.equals(PLAN)) {
            return Optional.empty();
        }
        int documentLength = header.indexOf(DOCUMENT_LENGTH);
        Map<String, Builder> runs = new LinkedHashMap<>();
        return Optional.of(new RunReader.JmeterSamples() {
            @Override
            public void add(RunReader.JmeterSample s, IntFunction<String> field) {
                if (isAbLabel(s.label())) {
                    String length = documentLength < 0 ? null : field.apply(documentLength);
                    runs.computeIfAbsent(s.label(), Builder::new)
                            .add(new Sample(
                                    s.thread(),
                                    s.startMs(),
                                    s.elapsedMs(),
                                    s.latencyMs(),
                                    s.connectMs(),
                                    s.ok(),
                                    s.receivedBytes(),
                                    length == null || length.isEmpty() ? null : Long.valueOf(length)));
                }
            }

            @Override
            public void close(Parts parts) {
                runs.values().forEach(b -> into.accept(b.build(protocol)));
            }
        });
    }

    /** A sample of one of the plan's ab runs. */
    static boolean isAbLabel(String label) {
        return LABEL.matcher(label).matches();
    }

    /** One sample of the CSV; documentLength is null when the CSV has no such column. */
    record Sample(
            String thread,
            long start,
            long elapsed,
            long latency,
            long connect,
            boolean ok,
            long bytes,
            Long documentLength) {}

    /** Collects one label's samples. */
    static final class Builder {
        private final String label;
        private final List<Sample> samples = new ArrayList<>();

        Builder(String label) {
            this.label = label;
        }

        void add(Sample s) {
            samples.add(s);
        }

        AbRun build(String protocol) {
            LatencyStats connect = new LatencyStats();
            LatencyStats processing = new LatencyStats();
            LatencyStats waiting = new LatencyStats();
            LatencyStats total = new LatencyStats();
            Set<String> threads = new TreeSet<>();
            long failed = 0;
            long first = Long.MAX_VALUE;
            long last = Long.MIN_VALUE;
            long transferred = 0;
            Long html = 0L;
            for (Sample s : samples) {
                connect.add(s.connect());
                processing.add(s.elapsed() - s.connect());
                waiting.add(s.latency() - s.connect());
                total.add(s.elapsed());
                threads.add(s.thread());
                failed += s.ok() ? 0 : 1;
                first = Math.min(first, s.start());
                last = Math.max(last, s.start() + s.elapsed());
                transferred += s.bytes();
                html = html == null || s.documentLength() == null ? null : html + s.documentLength();
            }
            long n = samples.size();
            int concurrency = threads.size();
            double seconds = Math.max(1, last - first) / 1000.0;
            Map<String, Times> times = new LinkedHashMap<>();
            times.put("connect", Times.of(connect));
            times.put("processing", Times.of(processing));
            times.put("waiting", Times.of(waiting));
            times.put("total", Times.of(total));
            // ab's label: the plan's; an older plan's named the flags only: the thread count as -c, the samples as -n
            String abLabel = label.contains(" -c ") ? label : label + " -c " + concurrency + " -n " + n;
            return new AbRun(
                    "jmeter",
                    protocol,
                    abLabel,
                    concurrency,
                    n,
                    failed,
                    seconds,
                    n / seconds,
                    concurrency * seconds * 1000 / n,
                    seconds * 1000 / n,
                    times,
                    AbRuns.servedWithin(total),
                    samples.get(0).documentLength(), // ab prints the first answer's body length
                    transferred,
                    html);
        }
    }
}
