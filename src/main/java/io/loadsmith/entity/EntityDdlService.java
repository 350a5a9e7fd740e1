package io.loadsmith.entity;

/**
 * The CREATE TABLE of a stored entity for a dialect, so users and tests can create what loads write.
 * Answered by the one front door to generation (load.Generation, which sits above entity in the
 * package graph, so entity's pages and API reach it through this): the dialect is checked there, and
 * a failure is thrown as it was raised (404 for a missing entity, 422 for a template error).
 */
public interface EntityDdlService {

    String createTable(long entityId, String dialect);
}
