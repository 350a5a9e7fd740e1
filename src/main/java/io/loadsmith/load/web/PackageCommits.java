package io.loadsmith.load.web;

/**
 * Commits the package a load goes with, from the load page. Declared here and implemented by the
 * packages feature, which depends on loads (never the other way round).
 */
public interface PackageCommits {

    /** A committed version: the package's page address and the version's number. */
    record Committed(String packagePage, int number) {
    }

    /** Commits the working state of the package named, as the signed-in user; refuses a blank message. */
    Committed commit(String packageName, String message);
}
