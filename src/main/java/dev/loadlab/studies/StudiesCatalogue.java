package dev.loadlab.studies;

import dev.loadlab.settings.Experiment;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.StudyCatalogue;
import java.util.List;

/** The studies as the settings know them (their experiments, settings and default gate limits), through ServiceLoader. */
public final class StudiesCatalogue implements StudyCatalogue {

    @Override
    public List<Experiment> experiments() {
        return Studies.experiments();
    }

    @Override
    public List<Setting> settings() {
        return Studies.ALL.stream().flatMap(s -> s.settings().stream()).toList();
    }

    @Override
    public List<String> gateLimits(boolean full) {
        return Studies.ALL.stream().flatMap(s -> s.gateLimits(full).stream()).toList();
    }
}
