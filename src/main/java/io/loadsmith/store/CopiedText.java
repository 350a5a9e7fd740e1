package io.loadsmith.store;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An entity whose text is copied from other stored objects rather than typed (the audit trail): the
 * control-character rule applies where the text was typed, and a record of a change must never stop
 * the change it records, also of an object whose older text predates the rule.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CopiedText {
}
