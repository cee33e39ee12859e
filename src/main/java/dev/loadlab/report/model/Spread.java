package dev.loadlab.report.model;

import java.util.Collection;
import java.util.Objects;

/**
 * One figure over the repeats of a study's cell (-Drepeats): the median (of an even count, the mean of the middle
 * two), the least and the most.
 */
public record Spread(double median, double least, double most) {
    /** The spread of {@code values}, nulls and NaN left out; null where none is left. */
    public static Spread of(Collection<? extends Number> values) {
        double[] v = values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue)
                .filter(d -> !Double.isNaN(d))
                .sorted()
                .toArray();
        return v.length == 0 ? null : new Spread((v[(v.length - 1) / 2] + v[v.length / 2]) / 2, v[0], v[v.length - 1]);
    }
}
