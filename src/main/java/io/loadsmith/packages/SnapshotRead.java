package io.loadsmith.packages;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * A read of a whole package that must see the store at one moment. A package read is some twenty
 * statements (a 10,000-load export reads for most of a second); read committed, each statement
 * sees what was committed before it, so a save in between gave a document whose loads name an
 * entity it does not hold, and a migration and the loads generated with it two different states.
 * Repeatable read takes one snapshot for the transaction on PostgreSQL (on H2 it is mapped to the
 * level that does: store.H2SnapshotIsolation); read-only, it never fails for a concurrent write.
 * Put it on the outermost service method: a transaction that is already running keeps its own
 * isolation.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
public @interface SnapshotRead {
}
