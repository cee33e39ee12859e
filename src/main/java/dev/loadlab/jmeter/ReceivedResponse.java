package dev.loadlab.jmeter;

import org.eclipse.jetty.http.HttpFields;

/** A whole response as either protocol's connection received it: what {@link SampleOutcome} reports. */
record ReceivedResponse(String version, int status, String reason, HttpFields headers, byte[] content) {}
