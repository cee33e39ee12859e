package dev.loadlab.studies;

/**
 * One request of an experiment of your own on one wire: each tool's samples, median and error share (null where
 * the tool did not run it), and the server's count of each tool's requests under their tag (null where the target
 * keeps no count; 0 where it counted other requests of the experiment but none of these).
 */
public record OwnRequestRow(
        String experiment,
        String request,
        String protocol,
        Long gatlingSamples,
        Long jmeterSamples,
        Long serverGatling,
        Long serverJmeter,
        Long gatlingP50Ms,
        Long jmeterP50Ms,
        Double gatlingErrorPct,
        Double jmeterErrorPct) {
    public String key(String tool) {
        return tool + " " + protocol + " " + experiment + " / " + request;
    }
}
