package dev.loadlab.steps;

import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.settings.Engines;
import dev.loadlab.settings.JmeterKnobs;
import dev.loadlab.settings.NamedTargets;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.TargetKnobs;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.Study;
import java.util.Map;

/**
 * What the JMeter plans read with {@code ${__P(name)}} (target/loadlab/jmeter.properties, for the build's runs and the
 * GUI alike; each run reads its wire's target after it), and what the profile -Pdistributed hands the controller.
 */
final class PlanProperties {
    private PlanProperties() {}

    static Map<String, String> of(Settings settings) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        out.put(TargetKnobs.PROTOCOL.name(), settings.get(TargetKnobs.PROTOCOL)); // each run of the build sets its own
        // the GUI's target (-Dtarget.url on its command line); each run of the build reads its own wire's after this
        out.put(TargetKnobs.URL.name(), settings.get(TargetKnobs.URL));
        if (!settings.get(TargetKnobs.URL).isEmpty()) { // else a plan's own __P defaults stand in the GUI
            out.putAll(TargetKnobs.urlParts(settings.get(TargetKnobs.URL)));
        }
        // each named target's parts, as the GUI's plan reads them (each run of the build reads its wire's after this)
        for (String name : NamedTargets.names(settings)) {
            out.putAll(NamedTargets.parts(name, NamedTargets.urlOn(settings, name, false)));
        }
        out.put(ContractKnobs.REPLAY.name(), settings.get(ContractKnobs.REPLAY)); // an imported plan's one-pass switch
        out.put(TargetKnobs.REPEATS.name(), settings.get(TargetKnobs.REPEATS)); // each study plan's thread group loops
        // the kind only: TargetAuthorization reads its secret from JMeter's environment
        out.put(ContractKnobs.AUTH.name(), settings.get(ContractKnobs.AUTH));
        // what each study's plans read (its route, its thread groups' shapes)
        for (Study study : Studies.ALL) {
            for (Setting s : study.planProperties()) {
                out.put(s.name(), settings.get(s));
            }
        }
        for (Setting s : JmeterKnobs.PLAN_PROPERTIES) {
            out.put(s.name(), settings.get(s));
        }
        return out;
    }

    /**
     * What the profile -Pdistributed hands the controller's JMeter (pom.xml): the JMeter property that switches RMI's
     * TLS off (JMeter has no "on" switch) and the address the controller listens on for the engines' samples.
     */
    static Map<String, String> remote(Settings settings) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        out.put("loadlab.rmiSslDisable", Boolean.toString(!Boolean.parseBoolean(settings.get(JmeterKnobs.RMI_TLS))));
        out.put("loadlab.controllerHost", Engines.controllerHost(settings));
        return out;
    }
}
