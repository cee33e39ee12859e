package shop;

import dev.loadlab.report.compare.CompareSection;
import dev.loadlab.report.compare.Comparison;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.Page;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Experiment;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * A team's own study (docs/own-scenarios.md#a-study-of-your-own): how the cart's answer time grows with its size. Its
 * simulation posts carts of 1, 10 and 100 items; its figures are each tool's and wire's p95 by size, kept in
 * summary.json under its name, shown in index.html and compare.html, its rows gated as every experiment's.
 */
public final class CartSizeStudy implements Study {
    static final String NAME = "cart-size";
    static final List<Integer> SIZES = List.of(1, 10, 100);
    private static final String REQUEST = "POST cart ";

    /** One tool's p95 and rate on one wire for carts of one size. */
    public record Point(String tool, String protocol, int items, long p95Ms, double throughputPerSec) {}

    /** The study's figures: every point of the run. */
    public record Figures(List<Point> points) {}

    /** The request's name in both tools' results, for a cart of {@code items} (the simulation's too). */
    static String request(int items) {
        return REQUEST + items;
    }

    @Override
    public Experiment experiment() {
        return Experiment.study(NAME, "shop.CartSizeSimulation");
    }

    @Override
    public List<String> gateLimits(boolean full) {
        return List.of(NAME + ":p95Ms=1000"); // a cart answers within a second, of any size
    }

    /** After the tools' rows are read: the rows of its requests, one point each. */
    @Override
    public void read(Inputs in, Parts parts) {
        List<Point> points = parts.rows.stream()
                .filter(Studies.rowsOf(NAME))
                .filter(r -> r.scenario().startsWith(REQUEST))
                .map(r -> new Point(
                        r.tool(),
                        r.protocol(),
                        Integer.parseInt(r.scenario().substring(REQUEST.length())),
                        r.p95Ms(),
                        r.throughputPerSec()))
                .sorted(Comparator.comparing(Point::tool).thenComparing(Point::protocol).thenComparing(Point::items))
                .toList();
        parts.figures(NAME, new Figures(points));
    }

    @Override
    public Optional<Page.Finding> finding(Summary s, String experiment) {
        return s.figures(NAME, Figures.class)
                .filter(f -> !f.points().isEmpty())
                .map(f -> {
                    Point small = f.points().stream().min(Comparator.comparing(Point::items)).orElseThrow();
                    Point large = f.points().stream().max(Comparator.comparing(Point::items)).orElseThrow();
                    return new Page.Finding(
                            NAME,
                            "p95 " + small.p95Ms() + " ms for " + small.items() + " item, " + large.p95Ms() + " ms for "
                                    + large.items() + " (" + large.tool() + ", " + large.protocol() + ")",
                            NAME);
                });
    }

    @Override
    public List<Section> sections(Summary s) {
        return s.figures(NAME, Figures.class)
                .map(f -> List.of(Section.of(
                        NAME,
                        "Cart size",
                        Block.text("The cart's p95 and rate by its size, per tool and wire."),
                        Block.table(
                                NAME,
                                List.of("tool", "protocol", "items", "p95 ms", "requests/s"),
                                f.points().stream()
                                        .map(p -> Arrays.<Object>asList(
                                                p.tool(), p.protocol(), p.items(), p.p95Ms(), p.throughputPerSec()))
                                        .toList()))))
                .orElse(List.of());
    }

    @Override
    public CompareSection compare() {
        return new CompareSection(
                NAME,
                "Cart size",
                List.of(
                        Studies.scenarios(NAME),
                        new Comparison<Point>(
                                NAME + "-points",
                                "p95 by cart size",
                                "tool protocol items",
                                s -> s.figures(NAME, Figures.class)
                                        .map(Figures::points)
                                        .orElse(null),
                                p -> p.tool() + " " + p.protocol() + " " + p.items(),
                                List.of(Comparison.figure("p95 ms", Point::p95Ms)),
                                List.of(Comparison.chart("P95 by cart size", "ms", "p95 ms")))));
    }
}
