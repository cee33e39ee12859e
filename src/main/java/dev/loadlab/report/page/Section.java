package dev.loadlab.report.page;

import java.util.ArrayList;
import java.util.List;

/** A section of a page: it folds, its title names it in the page's contents, its id is its address (#id). */
public record Section(String id, String title, List<Block> blocks) {
    public static Section of(String id, String title, Block... blocks) {
        return new Section(id, title, List.of(blocks));
    }

    public static Section of(String id, String title, List<Block> blocks) {
        return new Section(id, title, List.copyOf(blocks));
    }

    /** The charts of these sections, in page order: the page's script draws them from their specs. */
    public static List<ChartSpec> charts(List<Section> sections) {
        List<ChartSpec> charts = new ArrayList<>();
        sections.forEach(s -> s.blocks().stream().filter(b -> b.chart() != null).forEach(b -> charts.add(b.chart())));
        return charts;
    }
}
