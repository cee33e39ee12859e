package dev.loadlab.jmeter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The copies of the plans a build runs (target/loadlab/plans/&lt;wire&gt;), with each of JMeter's HTTP Requests run as
 * {@link GuardedHttpSampler}: the element's name is the class JMeter makes of it, so the element is renamed and its
 * properties stay as the GUI saved them. The plans in jmeter/ are not touched.
 */
public final class GuardedPlans {
    static final String JMETERS = "HTTPSamplerProxy";
    /** GuardedHttpSampler's name, as text: the build's first step has no JMeter on its class path to load it. */
    static final String OURS = "dev.loadlab.jmeter.GuardedHttpSampler";

    private GuardedPlans() {}

    /** Every plan and fragment under {@code dir}, rewritten in place. */
    public static void guard(Path dir) throws IOException {
        List<Path> plans;
        try (Stream<Path> files = Files.walk(dir)) {
            plans = files.filter(f -> f.toString().endsWith(PlanCheck.PLAN_SUFFIX))
                    .toList();
        }
        for (Path plan : plans) {
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            String guarded = guarded(text);
            if (!guarded.equals(text)) {
                Files.writeString(plan, guarded, StandardCharsets.UTF_8);
            }
        }
    }

    /** The plan's text with each HTTP Request element named after {@link GuardedHttpSampler}. */
    static String guarded(String plan) {
        return plan.replace("<" + JMETERS + " ", "<" + OURS + " ")
                .replace("</" + JMETERS + ">", "</" + OURS + ">")
                .replace("testclass=\"" + JMETERS + "\"", "testclass=\"" + OURS + "\"");
    }
}
