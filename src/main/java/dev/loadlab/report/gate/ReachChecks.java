package dev.loadlab.report.gate;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.TargetRequests;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Did every request of a run go where the team aimed? Per run: one failed check per host no target of the build is on
 * that the run reached for, with how many requests: not sent (dev.loadlab.shared.HostGuard refused them), or sent all the
 * same (a run whose guard was not in place, which never should be); else one passed check. Per run, so that the checks
 * of a build split into jobs are those of one build of them all.
 */
public final class ReachChecks {
    public static final String KIND = "reach";

    private static final String ALLOW = "0: name it as a target (-Dtarget.url, -Dtarget.<name>.url) or leave it out";

    private ReachChecks() {}

    public static List<Check> checks(List<TargetRequests> runs) {
        List<Check> checks = new ArrayList<>();
        for (TargetRequests run : runs) {
            List<Check> failed = new ArrayList<>();
            run.blocked()
                    .forEach((host, n) -> failed.add(new Check(
                            KIND, run.key(), "requests not sent to host " + host, "", Long.toString(n), ALLOW, false)));
            run.unguarded()
                    .forEach((host, n) -> failed.add(new Check(
                            KIND,
                            run.key(),
                            "requests SENT to host " + host + ", the guard not in place",
                            "",
                            Long.toString(n),
                            ALLOW,
                            false)));
            if (failed.isEmpty()) {
                failed.add(new Check(
                        KIND, run.key(), "requests to a host of no target", "", "0 of " + sent(run), "0", true));
            }
            checks.addAll(failed);
        }
        return checks;
    }

    private static long sent(TargetRequests run) {
        return run.requests().entrySet().stream()
                .filter(e -> TargetRequests.isTarget(e.getKey()))
                .mapToLong(Map.Entry::getValue)
                .sum();
    }
}
