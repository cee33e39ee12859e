package dev.loadlab.report.compare;

import dev.loadlab.report.model.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One table of compare.html, defined by what it takes from a run's summary: its lines (scenarios, strategies at a
 * record count, gateway knees, ...), the key that makes a line of one run the same line in another, the figures
 * each run shows in its own group of columns, and the charts that set some of those figures side by side, run by
 * run. Each experiment's {@link CompareSection} lists its own (dev.loadlab.studies).
 *
 * @param id      unique on the page (part of the charts' element ids)
 * @param keyName the header of the key column
 * @param lines   a run's lines; an older summary may lack the list (null), which counts as none
 */
public record Comparison<T>(
        String id,
        String title,
        String keyName,
        Function<Summary, List<T>> lines,
        Function<T, String> key,
        List<Figure<T>> figures,
        List<Chart> charts) {

    /** One column of a run's group; a null value is a figure the run does not have ("-"). */
    public record Figure<T>(String name, Function<T, Number> value) {}

    /** A grouped bar chart of the named figures, with every run's bar for a line side by side. */
    public record Chart(String title, String unit, boolean logScale, List<String> figures) {}

    public static <T> Figure<T> figure(String name, Function<T, Number> value) {
        return new Figure<>(name, value);
    }

    public static Chart chart(String title, String unit, String... figures) {
        return new Chart(title, unit, false, List.of(figures));
    }

    /** For figures that span orders of magnitude (ms per record from a bulk request to single creates). */
    public static Chart logChart(String title, String unit, String... figures) {
        return new Chart(title, unit, true, List.of(figures));
    }

    /** A run's lines by key; the first line of a key wins, as the table has one row per key. */
    Map<String, T> byKey(Summary summary) {
        Map<String, T> out = new LinkedHashMap<>();
        List<T> of = summary == null ? null : lines.apply(summary);
        if (of != null) {
            of.forEach(line -> out.putIfAbsent(key.apply(line), line));
        }
        return out;
    }

    /** Every run's keys, first seen first, in the order of the runs. */
    List<String> keys(List<Map<String, T>> runs) {
        LinkedHashSet<String> keys = new LinkedHashSet<>();
        runs.forEach(run -> keys.addAll(run.keySet()));
        return new ArrayList<>(keys);
    }

    Figure<T> figureNamed(String name) {
        return figures.stream()
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException(id + ": a chart names no figure " + name));
    }

    /** The figure of the line with this key in one run; null where the run has no such line or figure. */
    static <T> Number value(Map<String, T> run, String key, Figure<T> figure) {
        T line = run.get(key);
        return line == null ? null : figure.value().apply(line);
    }
}
