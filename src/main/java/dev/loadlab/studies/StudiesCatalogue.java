package dev.loadlab.studies;

import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.StudyCatalogue;
import java.util.List;

/** The studies as the settings know them (their experiments and default gate limits), given through ServiceLoader. */
public final class StudiesCatalogue implements StudyCatalogue {

    @Override
    public List<Experiment> experiments() {
        return Studies.experiments();
    }

    @Override
    public List<String> gateLimits(boolean full) {
        return Studies.ALL.stream().flatMap(s -> s.gateLimits(full).stream()).toList();
    }
}
