package dev.loadlab.recording;

import java.util.List;
import java.util.Map;

/**
 * One request of a recording, as both tools replay it.
 *
 * @param name        the request's name in both tools' results: {@code GET /demo/cart}, unique within the recording
 * @param method      GET, POST, ...
 * @param pathAndQuery the path and query as recorded, credentials left out (the target's URL goes before it)
 * @param headers     the headers that matter, in the recorded order (see {@link Har#kept})
 * @param body        the request body, empty for none
 * @param status      the status the recording got: both tools check it
 * @param pauseMs     the think time before this request: the gap since the previous one ended, 0 below 100 ms
 * @param carries     the values its answer offers that later requests send back (Carrying): each tool takes them
 * @param target      where it goes: "" the build's target (the page's origin), else a named target's name
 * <p>The path, headers and body hold each carried value and secret as {@link Carrying#marker}.
 */
public record Recorded(
        String name,
        String method,
        String pathAndQuery,
        Map<String, String> headers,
        String body,
        int status,
        long pauseMs,
        List<Carrying.Carried> carries,
        String target) {}
