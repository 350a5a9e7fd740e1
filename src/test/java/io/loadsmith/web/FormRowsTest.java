package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** After a row button the keyboard stays on the moved row's button, or the next remove button. */
class FormRowsTest {

    @Test
    void aMovedRowKeepsItsButtonAtItsNewPlace() {
        assertThat(FormRows.focusAfter("up-2", 4)).isEqualTo("up-1");
        assertThat(FormRows.focusAfter("up-0", 4)).isEqualTo("up-0");
        assertThat(FormRows.focusAfter("down-1", 4)).isEqualTo("down-2");
        assertThat(FormRows.focusAfter("down-3", 4)).isEqualTo("down-3");
    }

    @Test
    void aRemoveGoesToTheNextRowsRemoveThenThePreviousThenNowhere() {
        assertThat(FormRows.focusAfter("remove-1", 3)).isEqualTo("remove-1");
        assertThat(FormRows.focusAfter("remove-3", 3)).isEqualTo("remove-2");
        assertThat(FormRows.focusAfter("remove-0", 0)).isNull();
    }

    @Test
    void otherActionsHaveNoRowToFocus() {
        assertThat(FormRows.focusAfter("add-sql", 3)).isNull();
        assertThat(FormRows.focusAfter("refresh", 3)).isNull();
        assertThat(FormRows.focusAfter("up-x", 3)).isNull();
    }
}
