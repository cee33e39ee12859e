#!/usr/bin/env python3
"""Where a JVM's CPU time went, from a JDK Flight Recorder file: the methods on top of the sampled stacks
(self time) and the methods anywhere on them (total time), as shares of all execution samples.

    python3 bench/jfr-top.py [--threads REGEX] RECORDING.jfr [ROWS] [PACKAGE_PREFIX ...]

--threads keeps the samples of the threads whose names match (Gatling: its load's, not the report's on "main").

The total-time table lists only methods under the prefixes given (default: loadlab's, Jetty's, Gatling's,
Netty's and JMeter's own), so that it names the code to change rather than the JDK's frames under it.
Needs the JDK's jfr command. The benches write its output beside the recording they took."""
import collections
import re
import subprocess
import sys

THREAD = re.compile(r'^\s+sampledThread = "(.*)" \(')
FRAME = re.compile(r"^\s+([\w$.<>]+)\(.*\)\s+line:")
DEFAULT_PREFIXES = ("dev.loadlab.", "org.eclipse.jetty.", "io.gatling.", "io.netty.", "org.apache.jmeter.",
                    "org.apache.http.", "scala.")


def stacks(recording, threads):
    """Yields the frames of each execution sample of a thread whose name matches, innermost first."""
    text = subprocess.run(["jfr", "print", "--stack-depth", "96", "--events", "jdk.ExecutionSample", recording],
                          check=True, capture_output=True, text=True).stdout
    frames, wanted = None, True
    for line in text.splitlines():
        thread = THREAD.match(line)
        if thread:
            wanted = threads.search(thread.group(1)) is not None
        elif line.strip() == "stackTrace = [" and wanted:
            frames = []
        elif frames is not None and line.strip() == "]":
            yield frames
            frames = None
        elif frames is not None:
            match = FRAME.match(line)
            if match:
                frames.append(match.group(1))


def main():
    args = sys.argv[1:]
    threads = re.compile("")
    if args[:1] == ["--threads"]:
        threads, args = re.compile(args[1]), args[2:]
    recording = args[0]
    rows = int(args[1]) if len(args) > 1 else 25
    prefixes = tuple(args[2:]) or DEFAULT_PREFIXES
    own, total, samples = collections.Counter(), collections.Counter(), 0
    for frames in stacks(recording, threads):
        samples += 1
        if frames:
            own[frames[0]] += 1
        for method in set(frames):
            if method.startswith(prefixes):
                total[method] += 1
    if samples == 0:
        sys.exit(f"jfr-top: no execution samples in {recording}")
    print(f"{samples} execution samples in {recording}" + (f", threads /{threads.pattern}/" if threads.pattern else ""))
    for title, counts in (("self time (on top of the stack)", own), ("total time (anywhere on the stack)", total)):
        print(f"\n{title}:")
        for method, n in counts.most_common(rows):
            print(f"{100.0 * n / samples:6.1f} %  {method}")


if __name__ == "__main__":
    main()
