package dev.loadlab.report.model;

/** A tool's own HTML report, copied under reports/; path is relative to reports/. */
public record NativeReport(String tool, String protocol, String name, String path) {}
