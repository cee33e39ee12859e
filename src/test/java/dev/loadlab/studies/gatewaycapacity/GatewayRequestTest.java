package dev.loadlab.studies.gatewaycapacity;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway study's request from its settings: the reference server's GET by default, a GraphQL POST by choice. */
class GatewayRequestTest {
    /** An Apollo-style query document: the step's latency and the payload's size go in as variables. */
    private static final String DOCUMENT = "{\"query\":\"query($kb:Int!,$ms:Int!){payload(kb:$kb,latencyMs:$ms){id}}\","
            + "\"variables\":{\"kb\":{payloadKb},\"ms\":{latencyMs}}}";

    /** The one line that refuses the gateway's request made with these settings. */
    private static String refusalOf(Settings settings) {
        return assertThrows(SettingError.class, () -> GatewayRequest.from(settings))
                .getMessage();
    }

    @Test
    void shouldKeepTheReferenceServersGetWithItsQueryByDefault() {
        GatewayRequest request = GatewayRequest.from(Settings.of(Map.of()));

        assertEquals("GET", request.method());
        assertEquals("/gateway/payload?kb=100&latencyMs=5000", request.pathAndQuery(100, 5000));
        assertEquals(Optional.empty(), request.body(100, 5000));
        assertEquals(List.of(), request.headers());
    }

    @Test
    void shouldFillTheStepsLatencyAndThePayloadSizeIntoABodyReadFromAFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("payload.json"), DOCUMENT);
        GatewayRequest request = GatewayRequest.from(Settings.of(Map.of(
                "gateway.path", "/graphql",
                "gateway.method", "POST",
                "gateway.body", "@" + file,
                "gateway.sizeParam", "none",
                "gateway.latencyParam", "none")));

        assertEquals("/graphql", request.pathAndQuery(100, 5000));
        assertEquals(
                Optional.of("{\"query\":\"query($kb:Int!,$ms:Int!){payload(kb:$kb,latencyMs:$ms){id}}\","
                        + "\"variables\":{\"kb\":100,\"ms\":5000}}"),
                request.body(100, 5000));
        assertEquals(List.of(Map.entry("Content-Type", "application/json")), request.headers(), "JSON unless named");
    }

    @Test
    void shouldTakeOnlyTheStudysAnswerFromAGraphqlGatewayItsDataWithoutErrorsAndThePayloadWhole() {
        GatewayRequest request = GatewayRequest.from(Settings.of(Map.of(
                "gateway.path", "/graphql",
                "gateway.method", "POST",
                "gateway.body", DOCUMENT,
                "gateway.sizeParam", "none",
                "gateway.latencyParam", "none")));
        assertTrue(request.graphql());
        assertTrue(request.carriesLatency(), "{latencyMs} in the body");
        String item = "{\"id\":1,\"text\":\"" + "x".repeat(1000) + "\"}";
        byte[] whole = ("{\"data\":{\"payload\":[" + String.join(",", java.util.Collections.nCopies(100, item)) + "]}}")
                .getBytes(UTF_8);
        assertEquals(Optional.empty(), request.answerProblem(whole, 100, true));
        byte[] typo = ("{\"errors\":[{\"message\":\"Cannot query field \\\"txt\\\" on type \\\"Item\\\".\","
                        + "\"extensions\":{\"code\":\"GRAPHQL_VALIDATION_FAILED\"}}]}")
                .getBytes(UTF_8);
        assertEquals(
                Optional.of("graphql error: Cannot query field \"txt\" on type \"Item\"."),
                request.answerProblem(typo, 100, true));
        assertEquals(
                Optional.of("graphql error: no data"),
                request.answerProblem("{\"data\":null}".getBytes(UTF_8), 100, true));
        assertEquals(
                Optional.of("short answer: 1042 of 102400 bytes"),
                request.answerProblem(Arrays.copyOf(whole, 1042), 100, false));
        // the check before load asks the same of its answer, at 1 KiB, where a server's own wrapping is no size fault
        assertEquals(
                Optional.of("graphql error: Cannot query field \"txt\" on type \"Item\"."),
                request.check().answer().apply(new String(typo, UTF_8)));
    }

    @Test
    void shouldCheckTheReferenceServersPayloadBySizeAloneAndNotWhereTheRequestSetsNoSize() {
        GatewayRequest byDefault = GatewayRequest.from(Settings.of(Map.of()));
        assertFalse(byDefault.graphql());
        assertEquals(Optional.empty(), byDefault.answerProblem(new byte[102_400], 100, false));
        assertEquals(
                Optional.of("long answer: 120000 of 102400 bytes"),
                byDefault.answerProblem(new byte[120_000], 100, false));
        GatewayRequest unsized = GatewayRequest.from(Settings.of(Map.of("gateway.sizeParam", "none")));
        assertEquals(Optional.empty(), unsized.answerProblem(new byte[10], 100, false), "no size asked: none checked");
        assertEquals(Optional.empty(), byDefault.check().answer().apply("not json"), "no GraphQL: only the status");
    }

    @Test
    void shouldSendTheHeadersInTheOrderGivenAndAContentTypeNamedThereInsteadOfJson() {
        GatewayRequest request = GatewayRequest.from(Settings.of(Map.of(
                "gateway.method", "POST",
                "gateway.body", "query=x",
                "gateway.headers", "apollo-require-preflight: true | Content-Type: text/x-graphql; charset=utf-8")));

        assertEquals(
                List.of(
                        Map.entry("apollo-require-preflight", "true"),
                        Map.entry("Content-Type", "text/x-graphql; charset=utf-8")),
                request.headers());
        assertEquals(Optional.of("query=x"), request.body(1, 0));
    }

    @Test
    void shouldRefuseABodyWithGetInOneLineNamingBothSettingsBeforeAnyLoad() {
        Settings s = Settings.of(Map.of("gateway.body", DOCUMENT));

        String line = refusalOf(s);

        assertEquals(
                "-Dgateway.body is not allowed with -Dgateway.method=GET: expected -Dgateway.method=POST to send a body"
                        + " (a GET sends none)",
                line);
        assertEquals(List.of(line), new GatewayCapacityStudy().settingProblems(s), "the build's first step says it");
        assertEquals(List.of(), new GatewayCapacityStudy().settingProblems(Settings.of(Map.of())));
    }

    @Test
    void shouldRefuseAMethodABodyFileOrAHeaderListItCannotUseNamingTheSettingAndWhatItTakes() {
        assertEquals(
                List.of("-Dgateway.method=PUT is not allowed: expected one of GET|POST"),
                Settings.of(Map.of("gateway.method", "PUT")).problems());
        assertEquals(
                List.of(
                        "-Dgateway.body=@/no/such/file.json is not allowed: expected empty, the body itself, or @ and the"
                                + " path of a readable file that holds it"),
                Settings.of(Map.of("gateway.body", "@/no/such/file.json")).problems());
        for (String bad : List.of("apollo-require-preflight", "x-a: 1 || x-b: 2", "bad name: 1", "x-a:  ")) {
            List<String> problems = Settings.of(Map.of("gateway.headers", bad)).problems();
            assertEquals(1, problems.size(), bad);
            assertTrue(
                    problems.get(0).startsWith("-Dgateway.headers=")
                            && problems.get(0)
                                    .endsWith("expected empty, or Name: value entries separated by | (e.g."
                                            + " apollo-require-preflight: true|x-team: a)"),
                    problems.get(0));
        }
    }

    @Test
    void shouldRefuseASecretInAHeaderWithoutShowingItAndPointToTargetAuth() {
        String line = refusalOf(Settings.of(Map.of("gateway.headers", "x-team: a|Authorization: Bearer s3cr3t")));

        assertEquals(
                "-Dgateway.headers=Authorization: *** is not allowed: expected no Authorization header here: secrets come"
                        + " from the environment (target.auth=bearer|basic)",
                line);
        assertFalse(line.contains("s3cr3t"));
    }

    @Test
    void shouldRefuseAHeaderTheHttpClientSetsItself() {
        String line = refusalOf(Settings.of(Map.of("gateway.headers", "Content-Length: 12")));

        assertTrue(
                line.startsWith("-Dgateway.headers=Content-Length: 12 is not allowed: expected no Content-Length"
                        + " header: the HTTP client sets it"),
                line);
    }
}
