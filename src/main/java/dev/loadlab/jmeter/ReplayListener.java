package dev.loadlab.jmeter;

import dev.loadlab.replay.Exchange;
import dev.loadlab.replay.ReplayLog;
import dev.loadlab.replay.Sent;
import dev.loadlab.settings.ContractKnobs;
import dev.loadlab.shared.JmeterRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.protocol.http.sampler.HTTPSampleResult;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.services.FileServer;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.Visualizer;

/**
 * JMeter's side of the replay check (-Dreplay=true, docs/own-scenarios.md): each sample in its scope, its status and
 * what was sent (method, URL, headers, cookies, body; secrets masked by {@link Sent}), appended to
 * target/loadlab/replay.tsv. Idle in any other run and in the GUI. The HAR import puts one in each plan it writes.
 */
public class ReplayListener extends AbstractTestElement implements SampleListener, TestBean, Visualizer {
    private static final long serialVersionUID = 1L;

    /** Where this run logs; null when it does not replay. Read once per thread copy: the run's properties are fixed. */
    private transient Path file;

    private transient Set<String> secrets;
    private transient String experiment;
    private transient boolean read;

    @Override
    public void sampleOccurred(SampleEvent event) {
        if (!read) {
            read = true;
            String dir = JMeterUtils.getProperty(JmeterRun.DIR_PROPERTY);
            String script = FileServer.getFileServer().getScriptName();
            if (Boolean.parseBoolean(JMeterUtils.getPropDefault(ContractKnobs.REPLAY.name(), "false"))
                    && dir != null
                    && script != null) {
                file = Path.of(dir).resolve(ReplayLog.FILE);
                experiment = script.replaceFirst("\\.jmx$", "");
                secrets = Sent.secrets(experiment, System.getenv());
            }
        }
        if (file != null) {
            SampleResult r = event.getResult();
            ReplayLog.append(
                    file,
                    new Exchange(
                            "jmeter",
                            JMeterUtils.getPropDefault("wire", ""),
                            experiment,
                            r.getSampleLabel(),
                            status(r.getResponseCode()),
                            sent(r, secrets)));
        }
    }

    /** An HTTP status; 0 for JMeter's "Non HTTP response code: ..." (no answer came). */
    static int status(String code) {
        return code != null && code.matches("\\d{3}") ? Integer.parseInt(code) : 0;
    }

    /** JMeter's HTTP Request from its result's fields; loadlab's sampler from its sampler data (method, URL, body). */
    static String sent(SampleResult r, Set<String> secrets) {
        List<Map.Entry<String, String>> headers = headers(r.getRequestHeaders());
        if (r instanceof HTTPSampleResult http) {
            if (http.getCookies() != null && !http.getCookies().isEmpty()) {
                headers.add(Map.entry("Cookie", http.getCookies()));
            }
            String body = "GET".equals(http.getHTTPMethod()) ? "" : http.getQueryString();
            return Sent.describe(
                    http.getHTTPMethod(), http.getUrlAsString(), headers, body == null ? "" : body, secrets);
        }
        String[] parts = r.getSamplerData() == null
                ? new String[] {""}
                : r.getSamplerData().split("\n\n", 2);
        String[] line = parts[0].split(" ", 2);
        return Sent.describe(
                line[0], line.length > 1 ? line[1] : "", headers, parts.length > 1 ? parts[1] : "", secrets);
    }

    private static List<Map.Entry<String, String>> headers(String text) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        if (text != null) {
            for (String line : text.split("\r?\n")) {
                int colon = line.indexOf(':');
                if (colon > 0) {
                    out.add(Map.entry(
                            line.substring(0, colon).strip(),
                            line.substring(colon + 1).strip()));
                }
            }
        }
        return out;
    }

    /** A Visualizer only so that JMeter's GUI files it under Listeners (as its JSR223 Listener); it shows nothing. */
    @Override
    public void add(SampleResult sample) {}

    @Override
    public boolean isStats() {
        return false;
    }

    @Override
    public void sampleStarted(SampleEvent e) {}

    @Override
    public void sampleStopped(SampleEvent e) {}
}
