package dev.loadlab.settings;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every setting of the suite, each defined once: the floor's here, part by part, and each study's in its own package,
 * given by the studies' list ({@link StudyCatalogue}) after the experiments' contract.
 */
public final class Catalogue {
    private Catalogue() {}

    public static final Setting SCALE = TargetKnobs.SCALE;

    public static final List<Setting> ALL = Stream.of(
                    TargetKnobs.ALL,
                    ContractKnobs.ALL,
                    StudyCatalogue.LOADED.settings(),
                    GatlingKnobs.ALL,
                    InjectorKnobs.ALL,
                    JmeterKnobs.ALL,
                    ServerKnobs.ALL,
                    FaultKnobs.ALL,
                    LimitKnobs.ALL,
                    ReportKnobs.ALL)
            .flatMap(List::stream)
            .toList();

    public static Optional<Setting> find(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst();
    }
}
