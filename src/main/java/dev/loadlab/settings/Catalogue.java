package dev.loadlab.settings;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** Every setting of the suite, each defined once, part by part. */
public final class Catalogue {
    private Catalogue() {}

    public static final Setting SCALE = TargetKnobs.SCALE;

    public static final List<Setting> ALL = Stream.of(
                    TargetKnobs.ALL,
                    ContractKnobs.ALL,
                    GatlingKnobs.ALL,
                    InjectorKnobs.ALL,
                    JmeterKnobs.ALL,
                    BulkKnobs.ALL,
                    ServerKnobs.ALL,
                    FaultKnobs.ALL,
                    LimitKnobs.ALL,
                    CalibrationKnobs.ALL,
                    ReportKnobs.ALL)
            .flatMap(List::stream)
            .toList();

    public static Optional<Setting> find(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }
}
