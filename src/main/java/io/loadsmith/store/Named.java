package io.loadsmith.store;

/**
 * A stored row that people know by its name: what {@link NamedRowRepository} looks up and checks
 * for clashes. {@link NamedRow} is one; a stamped row with a name of its own (a load, a package) is too.
 */
public interface Named {

    Long getId();

    String getName();
}
