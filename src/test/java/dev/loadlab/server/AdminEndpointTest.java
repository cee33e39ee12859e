package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The admin port: loopback only, its own routes only, and a bad value refused in one line that changes nothing. */
class AdminEndpointTest {
    @RegisterExtension
    static final RunningServer SERVER = new RunningServer();

    @AfterEach
    void allOff() throws Exception {
        Admin.send("DELETE", SERVER.get(), "/faults");
    }

    private static void assertRefused(String query, String line) throws Exception {
        HttpResponse<String> answer = Admin.send("POST", SERVER.get(), query);
        assertEquals(400, answer.statusCode(), answer.body());
        assertEquals(line + "\n", answer.body());
        assertTrue(answer.headers().firstValue("content-type").orElse("").startsWith("text/plain"));
    }

    @Test
    void shouldListenOn127001WhateverTheBindHostSays() throws Exception {
        // 127.0.0.2 is loopback too (Linux routes all of 127/8 to lo): the load ports follow server.bindHost there,
        // the admin port stays on 127.0.0.1 alone. The load port is one free on 127.0.0.1 a moment before: a port 0
        // taken on 127.0.0.2 may be a number another test's server holds on 127.0.0.1, which would answer below.
        int freeOn127001;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            freeOn127001 = probe.getLocalPort();
        }
        try (ReferenceServer elsewhere = ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort",
                String.valueOf(freeOn127001),
                "server.tlsPort",
                "0",
                "server.bindHost",
                "127.0.0.2")))) {
            int admin = elsewhere.adminUri().getPort();
            int load = elsewhere.httpUri().getPort();
            assertEquals("127.0.0.1", elsewhere.adminUri().getHost());
            assertEquals(200, Admin.send("GET", elsewhere, "/faults").statusCode());
            assertThrows(ConnectException.class, () -> new Socket("127.0.0.2", admin).close());
            new Socket("127.0.0.2", load).close();
            assertThrows(ConnectException.class, () -> new Socket("127.0.0.1", load).close());
        }
    }

    @Test
    void shouldServeNoLoadRouteOnTheAdminPortAndNoAdminRouteOnTheLoadPorts() throws Exception {
        for (String load : new String[] {"/users/getAllUsers", "/health", "/metrics", "/foo/2/bar/3"}) {
            HttpResponse<String> answer = Admin.send("GET", SERVER.get(), load);
            assertEquals(404, answer.statusCode(), load);
            assertEquals("no admin route at " + load + "; routes: /faults, /faults/outage\n", answer.body());
        }
        for (String method : new String[] {"GET", "DELETE"}) {
            assertEquals(
                    404,
                    Admin.send(method, SERVER.get().httpUri().resolve("/faults"))
                            .statusCode());
        }
        assertEquals(
                404,
                Admin.send("POST", SERVER.get().httpUri().resolve("/faults/outage?seconds=1"))
                        .statusCode());
        HttpClient h2 = Clients.H2.client(SERVER.get());
        assertEquals(
                404,
                Clients.H2
                        .send(
                                h2,
                                HttpRequest.newBuilder(SERVER.get().tlsUri().resolve("/faults"))
                                        .build())
                        .statusCode());
        assertTrue(Admin.state(SERVER.get()).path("listening").asBoolean(), "no outage came through a load port");
    }

    @Test
    void shouldShowTheSettingsAndTheCountsAsJson() throws Exception {
        JsonNode state = Admin.set(SERVER.get(), "statusRate=0.1&statuses=502,503&paths=/payload,/foo&stallMs=5000");
        JsonNode faults = state.path("faults");
        assertEquals(0.1, faults.path("statusRate").asDouble());
        assertEquals("[502,503]", faults.path("statuses").toString());
        assertEquals("[\"/payload\",\"/foo\"]", faults.path("paths").toString());
        assertEquals(5000, faults.path("stallMs").asInt());
        assertEquals(0.0, faults.path("resetRate").asDouble(), "what was not named keeps its value");
        assertEquals(4096, state.path("maxInFlight").asInt());
        assertTrue(state.path("listening").asBoolean());
        for (String kind : new String[] {"500", "502", "503", "reset", "stall", "outage", "shed"}) {
            assertTrue(state.path("injected").path(kind).isNumber(), kind + " in " + state);
        }
        assertEquals(state.toString(), Admin.state(SERVER.get()).toString(), "GET shows what POST set");
    }

    @Test
    void shouldRefuseABadParameterInOneLineNamingItsAllowedValuesAndChangeNothing() throws Exception {
        Admin.set(SERVER.get(), "resetRate=0.01");
        assertRefused(
                "/faults?resetRate=2", "resetRate=2 is not allowed: expected a number in [0, 1] (faults.resetRate)");
        assertRefused(
                "/faults?stallRate=0.5&statuses=404",
                "statuses=404 is not allowed: expected a comma-separated list of 500|502|503 (faults.statuses)");
        assertRefused(
                "/faults?maxInFlight=0",
                "maxInFlight=0 is not allowed: expected an integer in [1, 1000000] (server.maxInFlight)");
        assertRefused(
                "/faults?paths=payload",
                "paths=payload is not allowed: expected a comma-separated list of URL paths starting with /"
                        + " (faults.paths)");
        assertRefused(
                "/faults?reset=0.1",
                "reset is not allowed: expected one of statusRate, statuses, resetRate, stallRate, stallMs,"
                        + " outageAfterSeconds, outageSeconds, paths, maxInFlight");
        assertRefused(
                "/faults",
                "no parameter given: expected one or more of statusRate, statuses, resetRate, stallRate, stallMs,"
                        + " outageAfterSeconds, outageSeconds, paths, maxInFlight");
        assertRefused(
                "/faults?statusRate=0.6&resetRate=0.6",
                "faults.statusRate + faults.resetRate + faults.stallRate = 1.2 is not allowed: expected at most 1"
                        + " (one fault a request)");
        assertRefused(
                "/faults/outage?seconds=abc",
                "seconds=abc is not allowed: expected an integer in [0, 3600] (faults.outageSeconds)");
        assertRefused("/faults/outage?seconds=0", "seconds=0 is not allowed: expected an integer in [1, 3600]");
        JsonNode state = Admin.state(SERVER.get());
        assertEquals(0.01, state.path("faults").path("resetRate").asDouble(), "a refused change changes nothing");
        assertEquals(0.0, state.path("faults").path("stallRate").asDouble());
        assertEquals(4096, state.path("maxInFlight").asInt());
        assertTrue(state.path("listening").asBoolean());
    }

    @Test
    void shouldAnswer405WithAllowForAWrongMethod() throws Exception {
        HttpResponse<String> answer = Admin.send("PUT", SERVER.get(), "/faults");
        assertEquals(405, answer.statusCode());
        assertEquals("GET, POST, DELETE", answer.headers().firstValue("allow").orElseThrow());
        assertEquals("PUT is not allowed on /faults; allowed: GET, POST, DELETE\n", answer.body());
        assertEquals(405, Admin.send("GET", SERVER.get(), "/faults/outage").statusCode());
    }

    @Test
    void shouldTurnEveryFaultOffWithDelete() throws Exception {
        String fresh = Admin.state(SERVER.get()).path("faults").toString();
        Admin.set(
                SERVER.get(),
                "statusRate=0.2&resetRate=0.1&stallRate=0.1&outageAfterSeconds=600&outageSeconds=5"
                        + "&maxInFlight=7&paths=/payload");
        HttpResponse<String> off = Admin.send("DELETE", SERVER.get(), "/faults");
        assertEquals(200, off.statusCode());
        JsonNode state = Admin.state(SERVER.get());
        assertEquals(fresh, state.path("faults").toString());
        assertEquals(4096, state.path("maxInFlight").asInt());
        assertFalse(state.path("faults").path("statusRate").asDouble() > 0);
    }
}
