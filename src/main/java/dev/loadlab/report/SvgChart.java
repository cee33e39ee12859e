package dev.loadlab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Charts as inline SVG, drawn here so that index.html needs no script and no network. Every data point is an
 * element of class {@code mark}: a chart without one is empty, which is what the headless-browser check looks for.
 */
final class SvgChart {
    private static final String[] COLOURS = {
        "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"
    };
    /** After ten series the colours come round again with a dash, then dotted: 30 series stay apart. */
    private static final String[] DASHES = {"", "6 3", "2 2"};

    private static final int W = 720, H = 300, LEFT = 70, RIGHT = 190, TOP = 30, BOTTOM = 45;

    record Series(String name, List<double[]> points) {}

    /** A marker at one x value, e.g. the searched maximum: a dashed vertical line with its text. */
    record Marker(double x, String text) {}

    private SvgChart() {}

    static String line(
            String id,
            String title,
            String xLabel,
            String yLabel,
            boolean logX,
            boolean logY,
            List<Series> series,
            List<Marker> markers) {
        List<double[]> all = new ArrayList<>();
        series.forEach(
                s -> s.points().stream().filter(p -> valid(p, logX, logY)).forEach(all::add));
        StringBuilder svg = open(id, title);
        if (all.isEmpty()) {
            return svg.append(text(W / 2.0, H / 2.0, "middle", "no data"))
                    .append("</svg>")
                    .toString();
        }
        Axis x = new Axis(
                all.stream().mapToDouble(p -> p[0]).min().orElse(0),
                all.stream().mapToDouble(p -> p[0]).max().orElse(1),
                logX,
                LEFT,
                W - RIGHT);
        Axis y = new Axis(
                logY ? all.stream().mapToDouble(p -> p[1]).min().orElse(0) : 0,
                all.stream().mapToDouble(p -> p[1]).max().orElse(1),
                logY,
                H - BOTTOM,
                TOP);
        axes(svg, x, y, xLabel, yLabel);
        for (int i = 0; i < series.size(); i++) {
            String colour = COLOURS[i % COLOURS.length];
            String dash = DASHES[(i / COLOURS.length) % DASHES.length];
            StringBuilder path = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (double[] p : series.get(i).points()) {
                if (!valid(p, logX, logY)) {
                    continue;
                }
                path.append(path.length() == 0 ? "M" : " L")
                        .append(f(x.at(p[0])))
                        .append(',')
                        .append(f(y.at(p[1])));
                dots.append("<circle class=\"mark\" cx=\"")
                        .append(f(x.at(p[0])))
                        .append("\" cy=\"")
                        .append(f(y.at(p[1])))
                        .append("\" r=\"3\" fill=\"")
                        .append(colour)
                        .append("\"><title>")
                        .append(Html.esc(series.get(i).name()))
                        .append(": ")
                        .append(num(p[0]))
                        .append(", ")
                        .append(num(p[1]))
                        .append("</title></circle>");
            }
            svg.append("<path d=\"")
                    .append(path)
                    .append("\" fill=\"none\" stroke=\"")
                    .append(colour)
                    .append("\" stroke-width=\"1.5\"")
                    .append(dashed(dash))
                    .append("/>")
                    .append(dots);
            legend(svg, i, colour, dash, series.get(i).name());
        }
        for (Marker m : markers) {
            if (valid(new double[] {m.x(), 1}, logX, false)) {
                double mx = x.at(m.x());
                svg.append("<line x1=\"")
                        .append(f(mx))
                        .append("\" x2=\"")
                        .append(f(mx))
                        .append("\" y1=\"")
                        .append(TOP)
                        .append("\" y2=\"")
                        .append(H - BOTTOM)
                        .append("\" stroke=\"#444\" stroke-dasharray=\"4 3\"/>")
                        .append(text(mx - 4, H - BOTTOM - 6, "end", m.text()));
            }
        }
        return svg.append("</svg>").toString();
    }

    static String bars(String id, String title, String yLabel, List<String> labels, List<Double> values) {
        StringBuilder svg = open(id, title);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        if (values.isEmpty() || max <= 0) {
            return svg.append(text(W / 2.0, H / 2.0, "middle", "no data"))
                    .append("</svg>")
                    .toString();
        }
        Axis y = new Axis(0, max, false, H - BOTTOM, TOP);
        axes(svg, null, y, "", yLabel);
        double slot = (double) (W - RIGHT - LEFT) / values.size();
        for (int i = 0; i < values.size(); i++) {
            double x0 = LEFT + i * slot + slot * 0.15;
            double top = y.at(values.get(i));
            svg.append("<rect class=\"mark\" x=\"")
                    .append(f(x0))
                    .append("\" y=\"")
                    .append(f(top))
                    .append("\" width=\"")
                    .append(f(slot * 0.7))
                    .append("\" height=\"")
                    .append(f(H - BOTTOM - top))
                    .append("\" fill=\"")
                    .append(COLOURS[labels.get(i).startsWith("par") ? 1 : 0])
                    .append("\"><title>")
                    .append(Html.esc(labels.get(i)))
                    .append(": ")
                    .append(num(values.get(i)))
                    .append("</title></rect>")
                    .append(text(x0 + slot * 0.35, H - BOTTOM + 14, "middle", labels.get(i)));
        }
        return svg.append("</svg>").toString();
    }

    private static StringBuilder open(String id, String title) {
        return new StringBuilder("<svg class=\"chart\" id=\"")
                .append(Html.esc(id))
                .append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(W)
                .append("\" height=\"")
                .append(H)
                .append("\" viewBox=\"0 0 ")
                .append(W)
                .append(' ')
                .append(H)
                .append("\" role=\"img\"><title>")
                .append(Html.esc(title))
                .append("</title>")
                .append(text(LEFT, 18, "start", title));
    }

    private static void axes(StringBuilder svg, Axis x, Axis y, String xLabel, String yLabel) {
        svg.append("<g class=\"axes\" stroke=\"#999\"><line x1=\"")
                .append(LEFT)
                .append("\" y1=\"")
                .append(H - BOTTOM)
                .append("\" x2=\"")
                .append(W - RIGHT)
                .append("\" y2=\"")
                .append(H - BOTTOM)
                .append("\"/><line x1=\"")
                .append(LEFT)
                .append("\" y1=\"")
                .append(TOP)
                .append("\" x2=\"")
                .append(LEFT)
                .append("\" y2=\"")
                .append(H - BOTTOM)
                .append("\"/></g>");
        for (double t : y.ticks()) {
            svg.append(text(LEFT - 6, y.at(t) + 4, "end", num(t)));
        }
        if (x != null) {
            for (double t : x.ticks()) {
                svg.append(text(x.at(t), H - BOTTOM + 16, "middle", num(t)));
            }
        }
        svg.append(text((LEFT + W - RIGHT) / 2.0, H - 6, "middle", xLabel))
                .append("<text x=\"14\" y=\"")
                .append(f((TOP + H - BOTTOM) / 2.0))
                .append("\" transform=\"rotate(-90 14 ")
                .append(f((TOP + H - BOTTOM) / 2.0))
                .append(")\" text-anchor=\"middle\" font-size=\"11\">")
                .append(Html.esc(yLabel))
                .append("</text>");
    }

    /** The legend's sample is a short stretch of the series' own line: colour and dash tell series apart. */
    private static void legend(StringBuilder svg, int i, String colour, String dash, String name) {
        int y = TOP + 6 + i * 16;
        svg.append("<line x1=\"")
                .append(W - RIGHT + 8)
                .append("\" x2=\"")
                .append(W - RIGHT + 24)
                .append("\" y1=\"")
                .append(y - 3)
                .append("\" y2=\"")
                .append(y - 3)
                .append("\" stroke=\"")
                .append(colour)
                .append("\" stroke-width=\"3\"")
                .append(dashed(dash))
                .append("/>")
                .append(text(W - RIGHT + 27, y + 1, "start", name));
    }

    private static String dashed(String dash) {
        return dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\"";
    }

    private static boolean valid(double[] p, boolean logX, boolean logY) {
        return Double.isFinite(p[0]) && Double.isFinite(p[1]) && (!logX || p[0] > 0) && (!logY || p[1] > 0);
    }

    private static String text(double x, double y, String anchor, String s) {
        return "<text x=\"" + f(x) + "\" y=\"" + f(y) + "\" text-anchor=\"" + anchor + "\" font-size=\"11\">"
                + Html.esc(s) + "</text>";
    }

    static String num(double v) {
        if (v != 0 && Math.abs(v) < 0.01) {
            return String.format(Locale.ROOT, "%.4f", v);
        }
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.2f" : "%,.1f", v);
    }

    private static String f(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** Maps data to pixels, linear or log10; ticks at 1-2-5 steps (a few per axis). */
    private record Axis(double lo, double hi, boolean log, double from, double to) {
        Axis {
            if (hi <= lo) {
                hi = log ? lo * 10 : lo + 1;
            }
        }

        double at(double v) {
            double share =
                    log ? (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo)) : (v - lo) / (hi - lo);
            return from + share * (to - from);
        }

        List<Double> ticks() {
            List<Double> out = new ArrayList<>();
            if (log) {
                // 1, 2 and 5 per decade while that stays readable (up to two decades), else powers of ten only
                double[] steps = hi / lo <= 100 ? new double[] {1, 2, 5} : new double[] {1};
                for (double decade = Math.pow(10, Math.floor(Math.log10(lo))); decade <= hi * 1.0001; decade *= 10) {
                    for (double m : steps) {
                        if (decade * m >= lo * 0.9999 && decade * m <= hi * 1.0001) {
                            out.add(decade * m);
                        }
                    }
                }
                if (out.size() < 2) {
                    out.add(0, lo);
                    out.add(hi);
                }
            } else {
                // steps of 1, 2 or 5 times a power of ten, about four of them
                double raw = (hi - lo) / 4;
                double power = Math.pow(10, Math.floor(Math.log10(raw)));
                double step = raw / power <= 1
                        ? power
                        : raw / power <= 2 ? 2 * power : raw / power <= 5 ? 5 * power : 10 * power;
                for (double t = Math.ceil(lo / step) * step; t <= hi * 1.0001; t += step) {
                    out.add(t);
                }
            }
            return out;
        }
    }
}
