package dev.loadlab.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The API route's workers (server.usersWorkers): a knee that a stress run can find, and none for the other runs. */
class UsersCapacityIT {
    private static final String USERS = "/users/getAllUsers";

    private static ReferenceServer start(int workers, int queue, int serviceMs) throws Exception {
        return ReferenceServer.start(ServerSettings.of(Map.of(
                "server.httpPort", "0",
                "server.tlsPort", "0",
                "server.usersWorkers", Integer.toString(workers),
                "server.usersQueue", Integer.toString(queue),
                "server.usersServiceMs", Integer.toString(serviceMs))));
    }

    private static CompletableFuture<Timed> timedGet(HttpClient client, ReferenceServer server) {
        long started = System.nanoTime();
        return client.sendAsync(
                        HttpRequest.newBuilder(server.httpUri().resolve(USERS)).build(),
                        HttpResponse.BodyHandlers.ofString())
                .thenApply(r -> new Timed(r, (System.nanoTime() - started) / 1_000_000));
    }

    private record Timed(HttpResponse<String> response, long ms) {}

    @Test
    void shouldServeWorkersPlusQueueAtOnceAndShedTheNextWith503() throws Exception {
        try (ReferenceServer server = start(2, 2, 400)) {
            HttpClient client = Clients.HTTP_1_1.client(server);
            List<CompletableFuture<Timed>> admitted = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                admitted.add(timedGet(client, server));
            }
            Thread.sleep(200); // all four arrived: two at work, two waiting
            Timed shed = timedGet(client, server).get();
            assertEquals(503, shed.response().statusCode(), shed.response().body());
            assertTrue(
                    shed.response().body().contains("server.usersWorkers"),
                    shed.response().body());
            assertEquals(
                    "1", shed.response().headers().firstValue("retry-after").orElseThrow());
            assertTrue(shed.ms() < 400, "a shed request does not wait for a worker: " + shed.ms() + " ms");

            List<Long> times = new ArrayList<>();
            for (CompletableFuture<Timed> f : admitted) {
                Timed t = f.get();
                assertEquals(200, t.response().statusCode(), t.response().body());
                times.add(t.ms());
            }
            times.sort(null);
            // two served in one service time, the two that waited in two
            assertTrue(times.get(0) >= 400, "served after the service time: " + times);
            assertTrue(times.get(3) >= 800, "the waiting ones are served after a worker is free: " + times);
            assertEquals(200, timedGet(client, server).get().response().statusCode(), "workers are given back");
        }
    }

    @Test
    void shouldNeverRefuseAClosedLoopOfAtMostWorkersPlusQueueUsers() throws Exception {
        try (ReferenceServer server = start(2, 2, 5)) {
            HttpClient client = Clients.HTTP_1_1.client(server);
            List<CompletableFuture<Void>> users = new ArrayList<>();
            List<Integer> statuses = java.util.Collections.synchronizedList(new ArrayList<>());
            for (int u = 0; u < 4; u++) {
                users.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 25; i++) {
                        statuses.add(timedGet(client, server).join().response().statusCode());
                    }
                }));
            }
            CompletableFuture.allOf(users.toArray(CompletableFuture[]::new)).get();
            assertEquals(100, statuses.size());
            assertTrue(statuses.stream().allMatch(s -> s == 200), "statuses: " + statuses);
        }
    }

    @Test
    void shouldAnswerAtOnceWithoutWorkers() throws Exception {
        try (ReferenceServer server = start(0, 0, 5_000)) {
            Timed t = timedGet(Clients.HTTP_1_1.client(server), server).get();
            assertEquals(200, t.response().statusCode());
            assertTrue(t.ms() < 5_000, "server.usersWorkers=0 takes no service time: " + t.ms() + " ms");
        }
    }
}
