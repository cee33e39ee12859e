package dev.loadlab.server;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.loadlab.settings.Catalogue;
import dev.loadlab.settings.FaultKnobs;
import dev.loadlab.settings.ServerKnobs;
import dev.loadlab.settings.Setting;
import dev.loadlab.settings.SettingError;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * The admin port's routes (127.0.0.1 only, never the load ports): faults and the in-flight limit at run time.
 * <ul>
 *   <li>{@code GET /faults}: the current settings and the server's own count of each fault injected since start;</li>
 *   <li>{@code POST /faults?resetRate=0.05&...}: changes the named settings (the names of {@code faults.*} without
 *       the prefix, and {@code maxInFlight}), each checked by its {@link Setting}; a bad one changes nothing;</li>
 *   <li>{@code DELETE /faults}: every fault off, the in-flight limit back to its start value, an outage over;</li>
 *   <li>{@code POST /faults/outage?seconds=N}: the load ports stop listening now, for N s.</li>
 * </ul>
 * Answers are JSON; a refusal is one line of text naming the parameter and what it allows.
 */
public final class AdminEndpoint {
    public static final String FAULTS = "/faults";
    static final String OUTAGE = "/faults/outage";
    static final String MAX_IN_FLIGHT = "maxInFlight";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Faults faults;
    private final Outages outages;
    private final Router router;
    private final ServerMetrics metrics;
    private final int startMaxInFlight;

    AdminEndpoint(Faults faults, Outages outages, Router router, ServerMetrics metrics) {
        this.faults = faults;
        this.outages = outages;
        this.router = router;
        this.metrics = metrics;
        this.startMaxInFlight = router.maxInFlight();
    }

    void handle(Request request, Response response, Callback callback) throws Exception {
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        try {
            switch (path + " " + method) {
                case FAULTS + " GET" -> {}
                case FAULTS + " POST" -> change(Request.getParameters(request));
                case FAULTS + " DELETE" -> allOff();
                case OUTAGE + " POST" -> outage(Request.getParameters(request));
                default -> {
                    String allowed = path.equals(FAULTS) ? "GET, POST, DELETE" : path.equals(OUTAGE) ? "POST" : "";
                    if (allowed.isEmpty()) {
                        text(
                                response,
                                callback,
                                404,
                                "no admin route at " + path + "; routes: " + FAULTS + ", " + OUTAGE);
                    } else {
                        response.getHeaders().put(HttpHeader.ALLOW, allowed);
                        text(response, callback, 405, method + " is not allowed on " + path + "; allowed: " + allowed);
                    }
                    return;
                }
            }
        } catch (SettingError refused) {
            text(response, callback, 400, refused.getMessage());
            return;
        }
        response.getHeaders().put(Replies.JSON);
        Content.Sink.write(response, true, JSON.writeValueAsString(state()) + "\n", callback);
    }

    /** All given parameters are checked before any is applied. */
    private void change(Fields parameters) {
        if (parameters.getSize() == 0) {
            throw new SettingError("no parameter given: expected one or more of " + String.join(", ", names()));
        }
        Map<String, String> merged = new LinkedHashMap<>(faults.settings().asProperties());
        Integer limit = null;
        boolean outageChanged = false;
        for (Fields.Field p : parameters) {
            Setting setting = setting(p.getName());
            String value = checked(p.getName(), setting, p.getValue());
            if (setting == ServerKnobs.MAX_IN_FLIGHT) {
                limit = Integer.valueOf(value);
            } else {
                merged.put(setting.name(), value);
                outageChanged |= setting == FaultKnobs.OUTAGE_AFTER_SECONDS || setting == FaultKnobs.OUTAGE_SECONDS;
            }
        }
        FaultSettings changed = FaultSettings.of(merged); // the rates' sum, checked before anything changes
        faults.set(changed);
        if (limit != null) {
            router.maxInFlight(limit);
        }
        if (outageChanged) {
            outages.plan(changed.outageAfterSeconds(), changed.outageSeconds());
        }
    }

    private void allOff() {
        faults.set(FaultSettings.OFF);
        router.maxInFlight(startMaxInFlight);
        outages.end();
    }

    private void outage(Fields parameters) {
        String seconds = parameters.getValue("seconds");
        String value = checked("seconds", FaultKnobs.OUTAGE_SECONDS, seconds == null ? "" : seconds);
        if (Integer.parseInt(value) == 0) {
            throw new SettingError("seconds=0 is not allowed: expected an integer in [1, 3600]");
        }
        outages.begin(Integer.parseInt(value));
    }

    /** The setting a parameter names: a fault's name without {@code faults.}, or {@code maxInFlight}. */
    private static Setting setting(String parameter) {
        if (parameter.equals(MAX_IN_FLIGHT)) {
            return ServerKnobs.MAX_IN_FLIGHT;
        }
        return Catalogue.find(FaultSettings.PREFIX + parameter)
                .orElseThrow(() ->
                        new SettingError(parameter + " is not allowed: expected one of " + String.join(", ", names())));
    }

    /** The setting's own check, worded for a query parameter: the same allowed values as -D gets. */
    private static String checked(String parameter, Setting setting, String value) {
        try {
            return setting.check(value);
        } catch (SettingError e) {
            throw new SettingError(parameter + "=" + value + " is not allowed: expected " + setting.allowed() + " ("
                    + setting.name() + ")");
        }
    }

    private static List<String> names() {
        return Stream.concat(
                        Catalogue.ALL.stream()
                                .map(Setting::name)
                                .filter(n -> n.startsWith(FaultSettings.PREFIX))
                                .map(n -> n.substring(FaultSettings.PREFIX.length())),
                        Stream.of(MAX_IN_FLIGHT))
                .toList();
    }

    /** {"faults":{settings},"maxInFlight":n,"listening":true,"injected":{"500":n,...,"outage":n,"shed":n}} */
    ObjectNode state() {
        FaultSettings f = faults.settings();
        ObjectNode state = JSON.createObjectNode();
        ObjectNode settings = state.putObject("faults");
        settings.put("statusRate", f.statusRate());
        f.statuses().forEach(settings.putArray("statuses")::add);
        settings.put("resetRate", f.resetRate());
        settings.put("stallRate", f.stallRate());
        settings.put("stallMs", f.stallMs());
        settings.put("outageAfterSeconds", f.outageAfterSeconds());
        settings.put("outageSeconds", f.outageSeconds());
        f.paths().forEach(settings.putArray("paths")::add);
        state.put(MAX_IN_FLIGHT, router.maxInFlight());
        state.put("listening", !outages.down());
        Faults.Counts counts = faults.counts();
        state.putObject("injected")
                .put("500", counts.status500())
                .put("502", counts.status502())
                .put("503", counts.status503())
                .put("reset", counts.resets())
                .put("stall", counts.stalls())
                .put("outage", outages.begun())
                .put("shed", metrics.shed());
        return state;
    }

    private static void text(Response response, Callback callback, int status, String line) {
        response.setStatus(status);
        response.getHeaders().put(Replies.TEXT);
        Content.Sink.write(response, true, line + "\n", callback);
    }
}
